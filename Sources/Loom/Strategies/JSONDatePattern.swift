import Foundation

/// A fixed date pattern (`yyyy-MM-dd HH:mm:ss`), compiled once, that parses and formats dates
/// in the POSIX locale without a `DateFormatter` for the common fields.
///
/// Supported fields: `y` (1–4 digits), `yyyy`, `M`, `MM`, `MMM` (`Jan`), `MMMM` (`January`),
/// `d`, `dd`, `H`, `HH`, `h`, `hh`, `a` (`AM`/`PM`), `m`, `mm`, `s`, `ss`, `S`… (exactly as
/// many fraction digits as letters), `E`…`EEE` (`Mon`), `EEEE` (`Monday`), the offsets `Z`,
/// `ZZ`, `ZZZ` (`+0200`), `ZZZZZ`, `XXX`, `xxx` (`+02:00`), `X`, `x` (`+02`), `XX`, `xx`
/// (`+0200`) — the `X` forms write and read `Z` for UTC — and literal text (`'T'`,
/// punctuation). A single-letter numeric field reads one or more digits; a repeated letter
/// reads exactly that many. Month and day names are English, matched in any case. Missing
/// fields default to 1970-01-01 00:00:00; the day of week is read but not checked.
///
/// Any other field (`yy`, `D`, `w`, zone names such as `z`, …), or a time zone that is not a
/// fixed offset, falls back to one `DateFormatter` per pattern, shared under a lock.
struct JSONDatePattern: Sendable {
    enum Token: Sendable, Equatable {
        case literal([UInt8])
        case year(Int)
        case month(Int)
        case day(Int)
        case hour24(Int)
        case hour12(Int)
        case minute(Int)
        case second(Int)
        case fraction(Int)
        case amPM
        case weekday(Int)
        /// `Z`-less offsets (`Z`, `ZZ`, `ZZZ`, `x`…): width 1 `+hh`, 2 `+hhmm`, 3 `+hh:mm`;
        /// `zulu` also reads and writes `Z` for a zero offset.
        case offset(width: Int, zulu: Bool)
    }

    let pattern: String
    private(set) var tokens: [Token] = []
    /// Seconds east of UTC applied when the pattern has no offset field.
    let fixedOffset: Int
    /// The shared formatter for patterns the parser does not cover.
    let fallback: LockedDateFormatter?

    init(_ pattern: String, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        self.pattern = pattern
        let fixed = timeZone.identifier.hasPrefix("GMT") || timeZone.identifier == "UTC"
        fixedOffset = fixed ? timeZone.secondsFromGMT() : 0
        if fixed, let tokens = JSONDatePattern.compile(pattern) {
            self.tokens = tokens
            fallback = nil
        } else {
            fallback = LockedDateFormatter(pattern: pattern, timeZone: timeZone)
        }
    }

    // MARK: Compiling

    static func compile(_ pattern: String) -> [Token]? {
        let bytes = Array(pattern.utf8)
        var tokens: [Token] = []
        var literal: [UInt8] = []
        var index = 0
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                // 'text' is literal; '' is a quote.
                if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'") {
                    literal.append(byte)
                    index += 2
                    continue
                }
                index += 1
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "'") {
                        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'") {
                            literal.append(UInt8(ascii: "'"))
                            index += 2
                            continue
                        }
                        break
                    }
                    literal.append(bytes[index])
                    index += 1
                }
                guard index < bytes.count else { return nil }  // unterminated quote
                index += 1
                continue
            }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            guard isLetter else {
                literal.append(byte)
                index += 1
                continue
            }
            var count = 1
            while index + count < bytes.count && bytes[index + count] == byte { count += 1 }
            index += count
            flush()
            let token: Token
            switch (byte, count) {
            case (UInt8(ascii: "y"), 1), (UInt8(ascii: "y"), 4): token = .year(count)
            case (UInt8(ascii: "M"), 1...4): token = .month(count)
            case (UInt8(ascii: "d"), 1...2): token = .day(count)
            case (UInt8(ascii: "H"), 1...2): token = .hour24(count)
            case (UInt8(ascii: "h"), 1...2): token = .hour12(count)
            case (UInt8(ascii: "m"), 1...2): token = .minute(count)
            case (UInt8(ascii: "s"), 1...2): token = .second(count)
            case (UInt8(ascii: "S"), 1...9): token = .fraction(count)
            case (UInt8(ascii: "a"), 1): token = .amPM
            case (UInt8(ascii: "E"), 1...4): token = .weekday(count)
            case (UInt8(ascii: "Z"), 1...3): token = .offset(width: 2, zulu: false)
            case (UInt8(ascii: "Z"), 5): token = .offset(width: 3, zulu: true)
            case (UInt8(ascii: "X"), 1...3): token = .offset(width: count, zulu: true)
            case (UInt8(ascii: "x"), 1...3): token = .offset(width: count, zulu: false)
            default: return nil
            }
            tokens.append(token)
        }
        flush()
        return tokens
    }

    // MARK: Parsing

    /// The date `text` denotes, or `nil` when it does not match the pattern.
    func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        if let fallback { return fallback.date(from: String(decoding: text, as: UTF8.self)) }
        var index = 0
        var year = 1970
        var month = 1
        var day = 1
        var hour = 0
        var isPM: Bool?
        var hour12: Int?
        var minute = 0
        var second = 0
        var nanoseconds = 0
        var offset: Int?

        func number(_ width: Int, max: Int) -> Int? {
            // Width 1 reads greedily up to `max` digits; wider fields read exactly `width`.
            let limit = width == 1 ? max : width
            var value = 0
            var read = 0
            while read < limit, index < text.count, text[index] >= 48, text[index] <= 57 {
                value = value * 10 + Int(text[index] - 48)
                index += 1
                read += 1
            }
            return read == 0 || (width > 1 && read < width) ? nil : value
        }
        func word(_ words: [String]) -> Int? {
            for (position, candidate) in words.enumerated() {
                let utf8 = candidate.utf8
                guard index + utf8.count <= text.count else { continue }
                var matches = true
                for (offset, byte) in utf8.enumerated() where text[index + offset] | 0x20 != byte | 0x20 {
                    matches = false
                    break
                }
                if matches {
                    index += utf8.count
                    return position
                }
            }
            return nil
        }

        for token in tokens {
            switch token {
            case .literal(let bytes):
                guard index + bytes.count <= text.count else { return nil }
                for byte in bytes {
                    guard text[index] == byte else { return nil }
                    index += 1
                }
            case .year(let width):
                guard let value = number(width, max: 4) else { return nil }
                year = value
            case .month(let width):
                if width >= 3 {
                    guard let value = word(width == 3 ? Names.shortMonths : Names.months) else { return nil }
                    month = value + 1
                } else {
                    guard let value = number(width, max: 2), value >= 1, value <= 12 else { return nil }
                    month = value
                }
            case .day(let width):
                guard let value = number(width, max: 2) else { return nil }
                day = value
            case .hour24(let width):
                guard let value = number(width, max: 2), value < 24 else { return nil }
                hour = value
            case .hour12(let width):
                guard let value = number(width, max: 2), value >= 1, value <= 12 else { return nil }
                hour12 = value
            case .minute(let width):
                guard let value = number(width, max: 2), value < 60 else { return nil }
                minute = value
            case .second(let width):
                guard let value = number(width, max: 2), value <= 60 else { return nil }
                second = value
            case .fraction(let width):
                guard let value = number(width, max: width) else { return nil }
                var scaled = value
                for _ in width..<9 { scaled *= 10 }
                nanoseconds = scaled
            case .amPM:
                guard let value = word(Names.amPM) else { return nil }
                isPM = value == 1
            case .weekday(let width):
                guard word(width == 4 ? Names.weekdays : Names.shortWeekdays) != nil else { return nil }
            case .offset(let width, let zulu):
                guard index < text.count else { return nil }
                if zulu && (text[index] == UInt8(ascii: "Z") || text[index] == UInt8(ascii: "z")) {
                    index += 1
                    offset = 0
                    continue
                }
                let sign: Int
                switch text[index] {
                case UInt8(ascii: "+"): sign = 1
                case UInt8(ascii: "-"): sign = -1
                default: return nil
                }
                index += 1
                guard let hours = number(2, max: 2), hours < 24 else { return nil }
                var minutes = 0
                if width == 3 {
                    guard index < text.count, text[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                }
                if width >= 2 || (index < text.count && text[index] >= 48 && text[index] <= 57) {
                    guard let value = number(2, max: 2), value < 60 else { return nil }
                    minutes = value
                }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard index == text.count else { return nil }
        if let hour12 { hour = (hour12 % 12) + ((isPM ?? false) ? 12 : 0) }
        guard day >= 1, day <= ISO8601.daysInMonth(year: year, month: month) else { return nil }
        let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - (offset ?? fixedOffset)
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// Parses a `String`.
    func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    // MARK: Formatting

    /// The text of `date` in this pattern; `nil` for dates beyond about ±3 million years.
    func format(_ date: Date) -> String? {
        if let fallback { return fallback.string(from: date) }
        let interval = date.timeIntervalSince1970 + Double(fixedOffset)
        guard interval.isFinite, abs(interval) < 1e14 else { return nil }
        let whole = interval.rounded(.down)
        let total = Int(whole)
        let nanoseconds = min(Int(((interval - whole) * 1e9).rounded()), 999_999_999)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = ISO8601.civilFromDays(days)
        let hour = secondOfDay / 3600
        var text = ""
        func pad(_ value: Int, _ width: Int) {
            let digits = String(value)
            if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
            text += digits
        }
        for token in tokens {
            switch token {
            case .literal(let bytes): text += String(decoding: bytes, as: UTF8.self)
            case .year(let width): pad(year, width)
            case .month(let width):
                if width >= 3 {
                    text += (width == 3 ? Names.shortMonths : Names.months)[month - 1]
                } else {
                    pad(month, width)
                }
            case .day(let width): pad(day, width)
            case .hour24(let width): pad(hour, width)
            case .hour12(let width): pad(hour % 12 == 0 ? 12 : hour % 12, width)
            case .minute(let width): pad(secondOfDay / 60 % 60, width)
            case .second(let width): pad(secondOfDay % 60, width)
            case .fraction(let width):
                var value = nanoseconds
                for _ in width..<9 { value /= 10 }
                pad(value, width)
            case .amPM: text += hour < 12 ? "AM" : "PM"
            case .weekday(let width):
                // 1970-01-01 was a Thursday (index 4 with Sunday = 0).
                let weekday = ((days % 7) + 7 + 4) % 7
                text += (width == 4 ? Names.weekdays : Names.shortWeekdays)[weekday]
            case .offset(let width, let zulu):
                if zulu && fixedOffset == 0 {
                    text += "Z"
                    continue
                }
                let magnitude = abs(fixedOffset)
                text += fixedOffset < 0 ? "-" : "+"
                pad(magnitude / 3600, 2)
                if width == 3 { text += ":" }
                if width >= 2 || magnitude % 3600 != 0 { pad(magnitude / 60 % 60, 2) }
            }
        }
        return text
    }

    private enum Names {
        static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        static let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        static let shortWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        static let amPM = ["AM", "PM"]
        static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    }
}

/// A `DateFormatter` in the POSIX locale, created once and used under a lock (formatters are
/// not documented as thread-safe on every platform).
final class LockedDateFormatter: @unchecked Sendable {
    private let lock = NSLock()
    private let formatter: DateFormatter

    init(pattern: String, timeZone: TimeZone) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
    }

    func date(from text: String) -> Date? {
        lock.lock()
        defer { lock.unlock() }
        return formatter.date(from: text)
    }

    func string(from date: Date) -> String {
        lock.lock()
        defer { lock.unlock() }
        return formatter.string(from: date)
    }
}
