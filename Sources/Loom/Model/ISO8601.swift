import Foundation

/// RFC 3339 / ISO 8601 date-time parsing and formatting without a formatter object.
///
/// Accepts `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (any number of digits),
/// and `Z`, `z` or a `±HH:MM` offset; `t`/space as the separator. Calendar fields are
/// checked (no February 30th, no hour 25), so nothing is silently normalized.
///
/// Dates are limited to the instants from 0000-01-01T00:00:00Z up to (not including)
/// 10000-01-01T00:00:00Z, the range four-digit years can write: text whose offset moves it
/// outside (`0000-01-01T00:00:00+01:00`) is rejected, so every date `parse` accepts can be
/// written back by `format`.
public enum ISO8601 {
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds since 1970.
    static let earliest: Double = -62_167_219_200
    static let end: Double = 253_402_300_800

    /// Parses an RFC 3339 date-time; `nil` when the text is not one.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= text.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = Int(text[index]) - 48
                guard digit >= 0 && digit < 10 else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < text.count, text[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2)
        else { return nil }
        guard month >= 1 && month <= 12, day >= 1 && day <= daysInMonth(year: year, month: month) else { return nil }
        guard index < text.count, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(text[index]) else {
            return nil
        }
        index += 1
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2)
        else { return nil }
        // Leap second 60 is allowed by RFC 3339 and folds into the next second.
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        var fraction = 0.0
        if index < text.count && text[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < text.count, text[index] >= 48 && text[index] <= 57 {
                fraction += Double(text[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        guard index < text.count else { return nil }
        switch text[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = text[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = digits(2), expect(UInt8(ascii: ":")), let offsetMinutes = digits(2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            return nil
        }
        guard index == text.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        guard seconds >= earliest && seconds < end else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Parses a `String`; `nil` when it is not an RFC 3339 date-time.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Formats as `2024-01-02T03:04:05Z`, with milliseconds when the date has a fraction.
    ///
    /// Dates outside the years 0000–9999, and non-finite ones, have no such text: the result
    /// is then empty. ``formatChecked(_:)`` throws for them instead (the encoders use it).
    public static func format(_ date: Date) -> String {
        (try? formatChecked(date)) ?? ""
    }

    /// Formats as ``format(_:)`` does.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for dates outside
    ///   0000-01-01T00:00:00Z..<10000-01-01T00:00:00Z or not finite.
    public static func formatChecked(_ date: Date) throws(JSONError) -> String {
        let interval = date.timeIntervalSince1970
        guard interval >= earliest && interval < end else {
            throw JSONError(
                kind: .invalidValue,
                message: "date \(interval) seconds since 1970 is outside the years 0000-9999 that ISO 8601 text holds")
        }
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
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
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
