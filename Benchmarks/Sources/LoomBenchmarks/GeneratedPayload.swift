import Foundation

/// Inputs the benchmark generates itself (issues 4, 7 and 9): deterministic for a seed, so
/// every run and every child process measures the same bytes.
enum GeneratedPayload {
    static let datesName = "generated-dates.json"
    static let largeName = "generated-large.json"
    static let linesName = "generated-lines.jsonl"
    static let seed: UInt64 = 0x4C6F_6F6D_2026

    /// Sizes: a full run uses the sizes the issues ask for (≥ 50 MB, hundreds of MB of JSON
    /// Lines); `--quick` uses small ones for a rough look.
    struct Sizes {
        var dateEvents: Int
        var largeBytes: Int
        var linesBytes: Int

        static let standard = Sizes(dateEvents: 20_000, largeBytes: 60_000_000, linesBytes: 200_000_000)
        static let quick = Sizes(dateEvents: 5_000, largeBytes: 8_000_000, linesBytes: 24_000_000)
    }

    // MARK: Dates

    /// `{"events": [...]}`: events with ISO 8601 dates in four spellings — whole seconds in
    /// UTC (`Z`), milliseconds in UTC, whole seconds with an offset (`+02:00`), milliseconds
    /// with an offset — plus a few other fields.
    static func dates(events: Int, seed: UInt64 = seed) -> Data {
        var random = SplitMix64(seed: seed)
        var out = JSONText()
        out.raw("{\"events\":[")
        for index in 0..<events {
            if index > 0 { out.raw(",") }
            let base = 946_684_800 + Int64(random.next(below: 946_080_000))  // 2000…2030
            out.raw("{\"id\":\(index + 1),\"title\":")
            out.string("Event \(random.next(below: 100_000)) in room \(random.next(below: 500))")
            out.raw(",\"created\":")
            out.date(seconds: base, millis: nil, offsetMinutes: 0)
            out.raw(",\"updated\":")
            out.date(seconds: base + Int64(random.next(below: 86_400)), millis: Int(random.next(below: 1000)), offsetMinutes: 0)
            out.raw(",\"starts\":")
            let offset = offsets[Int(random.next(below: UInt64(offsets.count)))]
            let start = base + 3600 + Int64(random.next(below: 604_800))
            out.date(seconds: start, millis: nil, offsetMinutes: offset)
            out.raw(",\"ends\":")
            out.date(seconds: start + Int64(random.next(below: 14_400)), millis: Int(random.next(below: 1000)), offsetMinutes: offset)
            out.raw(",\"reminders\":[")
            for reminder in 0..<Int(random.next(below: 3)) {
                if reminder > 0 { out.raw(",") }
                let millis = random.next(below: 2) == 0 ? nil : Int(random.next(below: 1000))
                out.date(seconds: start - 60 * Int64(1 + random.next(below: 1440)), millis: millis, offsetMinutes: offset)
            }
            out.raw("],\"allDay\":\(random.next(below: 5) == 0 ? "true" : "false")}")
        }
        out.raw("]}")
        return Data(out.bytes)
    }

    /// Offsets in minutes, including half and three-quarter hours and negative ones.
    private static let offsets = [0, 60, 120, -300, -330, 330, 345, -600, 540]

    // MARK: Many small objects

    /// `{"count": n, "records": [...]}` of small records until the text reaches `bytes`.
    static func large(bytes: Int, seed: UInt64 = seed) -> Data {
        var random = SplitMix64(seed: seed)
        var out = JSONText()
        out.bytes.reserveCapacity(bytes + 4096)
        out.raw("{\"records\":[")
        var count = 0
        while out.bytes.count < bytes {
            if count > 0 { out.raw(",") }
            count += 1
            record(id: count, random: &random, into: &out)
        }
        out.raw("],\"count\":\(count)}")
        return Data(out.bytes)
    }

    /// One record per line until the file reaches `bytes`; written in pieces, so memory stays
    /// small whatever the size. Returns the file's size.
    static func writeLines(to url: URL, bytes: Int, seed: UInt64 = seed) throws -> Int {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CheckFailure("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var random = SplitMix64(seed: seed ^ 0x6A73_6F6E_6C)
        var out = JSONText()
        var written = 0
        var count = 0
        while written + out.bytes.count < bytes {
            count += 1
            record(id: count, random: &random, into: &out)
            out.raw("\n")
            if out.bytes.count >= 1 << 20 {
                try handle.write(contentsOf: out.bytes)
                written += out.bytes.count
                out.bytes.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: out.bytes)
        written += out.bytes.count
        return written
    }

    private static let words = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo",
        "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor",
        "whiskey", "x-ray", "yankee", "zulu", "café", "naïve", "Zürich", "東京",
    ]

    /// A small object of about 200 bytes: integers, a decimal, a boolean, short and long
    /// strings (some with escapes or non-ASCII), a short array, a nested object, a null.
    private static func record(id: Int, random: inout SplitMix64, into out: inout JSONText) {
        let first = words[Int(random.next(below: UInt64(words.count)))]
        let last = words[Int(random.next(below: UInt64(words.count)))]
        out.raw("{\"id\":\(id),\"guid\":")
        let a = random.next(), b = random.next()
        out.string("\(hex(a, 8))-\(hex(a >> 32, 4))-\(hex(a >> 48, 4))-\(hex(b, 4))-\(hex(b >> 16, 12))")
        out.raw(",\"name\":")
        out.string(random.next(below: 20) == 0 ? "\(first) \"\(last)\"" : "\(first) \(last)")
        out.raw(",\"email\":")
        out.string("\(first).\(last)\(random.next(below: 10_000))@example.com")
        out.raw(",\"active\":\(random.next(below: 2) == 0 ? "true" : "false")")
        // Two decimals: exactly representable as a shortest decimal, so every reader agrees.
        let cents = Int(random.next(below: 10_000_000))
        out.raw(",\"score\":\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)")
        out.raw(",\"tags\":[")
        for tag in 0..<Int(random.next(below: 4)) {
            if tag > 0 { out.raw(",") }
            out.string(words[Int(random.next(below: UInt64(words.count)))])
        }
        let lat = Int(random.next(below: 180_000_000)) - 90_000_000
        let lon = Int(random.next(below: 360_000_000)) - 180_000_000
        out.raw("],\"location\":{\"lat\":\(decimal(lat)),\"lon\":\(decimal(lon))}")
        out.raw(",\"parent\":\(random.next(below: 3) == 0 ? "null" : String(random.next(below: UInt64(id)) + 1))}")
    }

    /// The low `digits` hex digits of `value`, zero-padded.
    private static func hex(_ value: UInt64, _ digits: Int) -> String {
        let masked = digits >= 16 ? value : value & ((1 << UInt64(4 * digits)) - 1)
        let text = String(masked, radix: 16)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// `micro` millionths as a decimal with six places (e.g. -12.345678).
    private static func decimal(_ micro: Int) -> String {
        let sign = micro < 0 ? "-" : ""
        let magnitude = micro.magnitude
        let fraction = String(magnitude % 1_000_000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}

/// A small, fast, deterministic generator (SplitMix64): the same seed gives the same payload
/// on every platform, unlike `SystemRandomNumberGenerator`.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform enough for test data in `0..<bound` (`bound` > 0).
    mutating func next(below bound: UInt64) -> UInt64 { next() % bound }
}

/// Appends JSON text to a byte buffer.
struct JSONText {
    var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An ISO 8601 / RFC 3339 date string for the instant `seconds` (+ `millis`) since 1970,
    /// written in the local time of `offsetMinutes` (`Z` when 0).
    mutating func date(seconds: Int64, millis: Int?, offsetMinutes: Int) {
        let local = seconds + Int64(offsetMinutes) * 60
        let days = Int((local >= 0 ? local : local - 86_399) / 86_400)
        let secondOfDay = Int(local - Int64(days) * 86_400)
        let (year, month, day) = civil(fromDays: days)
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if let millis { text += ".\(pad(millis, 3))" }
        if offsetMinutes == 0 {
            text += "Z"
        } else {
            let magnitude = abs(offsetMinutes)
            text += "\(offsetMinutes < 0 ? "-" : "+")\(pad(magnitude / 60, 2)):\(pad(magnitude % 60, 2))"
        }
        string(text)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
