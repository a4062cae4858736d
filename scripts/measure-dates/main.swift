// Decoding a date-heavy payload with Loom and with Foundation's JSONDecoder (.iso8601).
// Built and run in release mode by scripts/measure-dates.sh; not part of `swift test`.

import Foundation
import Loom

@JSONModel
struct LoomEvent {
    var id: Int
    var title: String
    @JSONKey("created_at") var createdAt: Date
    @JSONKey("updated_at") var updatedAt: Date
    @JSONKey("starts_at") var startsAt: Date
    @JSONKey("ends_at") var endsAt: Date
    @JSONKey("reminders") var reminders: [Date]
}

struct FoundationEvent: Decodable {
    var id: Int
    var title: String
    var createdAt: Date
    var updatedAt: Date
    var startsAt: Date
    var endsAt: Date
    var reminders: [Date]

    enum CodingKeys: String, CodingKey {
        case id, title, reminders
        case createdAt = "created_at", updatedAt = "updated_at", startsAt = "starts_at", endsAt = "ends_at"
    }
}

/// `count` events, each with four dates and three reminders (28 dates per 4 events... 7 per event),
/// in UTC and with offsets, without fractional seconds (Foundation's `.iso8601` rejects them).
func payload(count: Int) -> Data {
    var text = "["
    var seconds = 1_700_000_000
    for index in 0..<count {
        if index > 0 { text += "," }
        func iso(_ value: Int, offsetHours: Int) -> String {
            let local = Date(timeIntervalSince1970: Double(value + offsetHours * 3600))
            let base = ISO8601.format(local).dropLast()  // "YYYY-MM-DDTHH:MM:SS"
            if offsetHours == 0 { return base + "Z" }
            return base + String(format: "%@%02d:00", offsetHours < 0 ? "-" : "+", abs(offsetHours))
        }
        seconds += 3_607
        let offset = index % 5 - 2
        text += #"{"id":\#(index),"title":"event \#(index)","created_at":"\#(iso(seconds, offsetHours: 0))","#
        text += #""updated_at":"\#(iso(seconds + 61, offsetHours: 0))","starts_at":"\#(iso(seconds + 86_400, offsetHours: offset))","#
        text += #""ends_at":"\#(iso(seconds + 90_000, offsetHours: offset))","reminders":["#
        text += #""\#(iso(seconds + 3_600, offsetHours: 0))","\#(iso(seconds + 7_200, offsetHours: 1))","\#(iso(seconds + 10_800, offsetHours: -3))"]}"#
    }
    return Data((text + "]").utf8)
}

func measure(_ label: String, iterations: Int, _ body: () throws -> Int) rethrows -> Double {
    var best = Double.infinity
    var checksum = 0
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        checksum &+= try body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        best = min(best, elapsed)
    }
    print("\(label): best of \(iterations) \(String(format: "%.2f", best)) ms (checksum \(checksum))")
    return best
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20_000 : 20_000
let iterations = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 15 : 15
let data = payload(count: count)
print("payload: \(count) events, \(count * 7) dates, \(data.count) bytes")

// For profiling Loom alone: `MEASURE_LOOM_ONLY=1 .build/measure-dates/measure-dates`.
let loomOnly = ProcessInfo.processInfo.environment["MEASURE_LOOM_ONLY"] != nil

// Both decoders must agree before anything is timed.
let loomEvents = try JSONModelDecoder().decode([LoomEvent].self, from: data)
let foundationDecoder = JSONDecoder()
foundationDecoder.dateDecodingStrategy = .iso8601
let foundationEvents = loomOnly ? [] : try foundationDecoder.decode([FoundationEvent].self, from: data)
guard loomOnly || loomEvents.count == foundationEvents.count,
    zip(loomEvents, foundationEvents).allSatisfy({
        $0.createdAt == $1.createdAt && $0.startsAt == $1.startsAt && $0.endsAt == $1.endsAt
            && $0.reminders == $1.reminders
    })
else {
    print("error: Loom and Foundation decode different dates")
    exit(1)
}

let loom = try measure("Loom JSONModelDecoder", iterations: iterations) {
    try JSONModelDecoder().decode([LoomEvent].self, from: data).count
}
if loomOnly { exit(0) }
let foundation = try measure("Foundation JSONDecoder (.iso8601)", iterations: iterations) {
    try foundationDecoder.decode([FoundationEvent].self, from: data).count
}
print("ratio (Foundation time / Loom time): \(String(format: "%.1f", foundation / loom))x")
