import Foundation

/// RFC 3339 / ISO 8601 date-time parsing and formatting without a formatter object.
///
/// Accepts `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (any number of digits),
/// and `Z`, `z` or a `±HH:MM` offset; `t`/space as the separator. Calendar fields are
/// checked (no February 30th, no hour 25), so nothing is silently normalized. Outside
/// strict RFC 3339 mode the ISO 8601 variants `±HHMM`, `±HH` and a decimal comma are
/// accepted too.
public enum ISO8601 {
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds since 1970: the instants
    /// four-digit years can write, so every date `parse` accepts can be written back.
    static let earliest: Double = -62_167_219_200
    static let end: Double = 253_402_300_800
    /// Parses an RFC 3339 date-time (and, unless `strictRFC3339`, the ISO 8601 offset
    /// forms `±HHMM`, `±HH` and a decimal comma); `nil` when the text is not one.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>, strictRFC3339: Bool = false) -> Date? {
        let count = text.count
        // The shortest accepted form is `YYYY-MM-DDTHH:MM:SSZ`.
        guard count >= 20 else { return nil }
        // The fixed-width part: every digit is checked with one flag, not one branch each.
        var invalid = false
        @inline(__always) func digit(_ index: Int) -> Int {
            let value = text[index] &- 48
            invalid = invalid || value > 9
            return Int(value)
        }
        @inline(__always) func two(_ index: Int) -> Int { digit(index) &* 10 &+ digit(index + 1) }
        let year = digit(0) &* 1000 &+ digit(1) &* 100 &+ two(2)
        let month = two(5)
        let day = two(8)
        let hour = two(11)
        let minute = two(14)
        let second = two(17)
        guard !invalid, month >= 1, month <= 12, day >= 1, hour < 24, minute < 60,
            // Leap second 60 is allowed by RFC 3339 and folds into the next second.
            second <= 60,
            text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[13] == UInt8(ascii: ":"),
            text[16] == UInt8(ascii: ":"), day <= daysInMonth(year: year, month: month)
        else { return nil }
        let separator = text[10]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ") else {
            return nil
        }
        var index = 19
        var nanoseconds = 0
        if text[index] == UInt8(ascii: ".") || (!strictRFC3339 && text[index] == UInt8(ascii: ",")) {
            index += 1
            let start = index
            var digits = 0
            while index < count, text[index] >= 48 && text[index] <= 57 {
                // Digits beyond nanoseconds are read but cannot change a `Date`.
                if digits < 9 {
                    nanoseconds = nanoseconds &* 10 &+ Int(text[index] &- 48)
                    digits += 1
                }
                index += 1
            }
            guard index > start else { return nil }
            while digits < 9 {
                nanoseconds &*= 10
                digits += 1
            }
        }
        guard index < count else { return nil }
        var offset = 0
        switch text[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = text[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard index + 2 <= count else { return nil }
            let offsetHours = two(index)
            index += 2
            var offsetMinutes = 0
            if index < count {
                if text[index] == UInt8(ascii: ":") {
                    guard index + 3 <= count else { return nil }
                    offsetMinutes = two(index + 1)
                    index += 3
                } else if !strictRFC3339 && index + 2 <= count {
                    offsetMinutes = two(index)
                    index += 2
                } else {
                    return nil
                }
            } else if strictRFC3339 {
                return nil
            }
            guard !invalid, offsetHours < 24, offsetMinutes < 60 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            return nil
        }
        guard index == count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard Double(seconds) >= earliest && Double(seconds) < end else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// Parses a `String`; `nil` when it is not an RFC 3339 date-time.
    public static func parse(_ text: String, strictRFC3339: Bool = false) -> Date? {
        var text = text
        return text.withUTF8 { parse($0, strictRFC3339: strictRFC3339) }
    }

    /// Formats as `2024-01-02T03:04:05Z`, with milliseconds when the date has a fraction.
    ///
    /// Dates outside the years 0000–9999, and non-finite ones, have no such text: the result
    /// is then empty. ``formatChecked(_:)`` throws for them instead (the encoders use it).
    public static func format(_ date: Date) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let count = write(date, into: buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// Formats as ``format(_:)`` does, or throws for dates outside the years 0000–9999.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for such dates.
    public static func formatChecked(_ date: Date) throws(JSONError) -> String {
        let text = format(date)
        guard !text.isEmpty else {
            throw JSONError(
                kind: .invalidValue,
                message: "date \(date.timeIntervalSince1970) seconds since 1970 is outside the years 0000-9999 that ISO 8601 text holds")
        }
        return text
    }

    /// Writes the quoted text of `format(date)` into `bytes`, without intermediate strings.
    static func appendQuoted(_ date: Date, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 34) { buffer in
            buffer[0] = UInt8(ascii: "\"")
            let count = write(date, into: UnsafeMutableBufferPointer(rebasing: buffer[1...]))
            buffer[count + 1] = UInt8(ascii: "\"")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<(count + 2)]))
        }
    }

    /// Writes `YYYY-MM-DDTHH:MM:SS[.mmm]Z` into `buffer` (at least 30 bytes); returns the length.
    static func write(_ date: Date, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let interval = date.timeIntervalSince1970
        // Outside the years 0000-9999 there is no four-digit-year text to write.
        guard interval.isFinite, interval >= earliest && interval < end else { return 0 }
        var seconds = interval.rounded(.down)
        var millis = Int(((interval - seconds) * 1000).rounded())
        if millis == 1000 {
            if seconds + 1 < end {
                seconds += 1
                millis = 0
            } else {
                // Rounding up would write year 10000; the last millisecond is as close.
                millis = 999
            }
        }
        let total = Int(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        var index = 0
        func put(_ value: Int, _ width: Int) {
            var value = value
            var position = index + width
            index = position
            while position > index - width {
                position -= 1
                buffer[position] = UInt8(48 + value % 10)
                value /= 10
            }
        }
        func put(_ byte: Unicode.Scalar) {
            buffer[index] = UInt8(ascii: byte)
            index += 1
        }
        if year < 0 {
            put("-")
            put(-year, max(4, String(-year).count))
        } else {
            put(year, year > 9999 ? String(year).count : 4)
        }
        put("-")
        put(month, 2)
        put("-")
        put(day, 2)
        put("T")
        put(secondOfDay / 3600, 2)
        put(":")
        put(secondOfDay / 60 % 60, 2)
        put(":")
        put(secondOfDay % 60, 2)
        if millis != 0 {
            put(".")
            put(millis, 3)
        }
        put("Z")
        return index
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days, exact for the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
