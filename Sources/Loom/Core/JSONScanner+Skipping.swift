// Passing over whole values without recording them: what `_JSONReader` does with the members
// a model does not map. Everything passed over is validated exactly as the parser validates
// it (strings' UTF-8 and escapes, numbers' grammar, literals, nesting), so an input that the
// parser rejects is rejected when skipped too. What was wrong is not said: the reader hands
// such input to the general decoder, which parses it again and reports the error.

extension JSONScanner {
    // MARK: Strings

    /// Validates the string whose opening quote is at `quote`; returns the position after its
    /// closing quote, or `nil` for an invalid string. Plain ASCII is passed over inline,
    /// sixteen bytes per step; escapes, non-ASCII text and the last bytes of the input
    /// continue out of line.
    @inline(__always)
    func stringClose(quote: Int) -> Int? {
        let contentStart = quote &+ 1
        var next = contentStart
        while next &+ 16 <= end {
            let offset = firstStringSpecial16(at: next)
            next &+= offset
            if offset == 16 { continue }
            if base[next] == UInt8(ascii: "\""), next &- contentStart <= maxStringLength { return next &+ 1 }
            break
        }
        return stringCloseRest(quote: quote, from: next)
    }

    @inline(never)
    func stringCloseRest(quote: Int, from start: Int) -> Int? {
        (try? stringEnd(quote: quote, from: start)).map { $0.close &+ 1 }
    }

    // MARK: Numbers

    /// The length of the run of digits at `position`, up to 23, or -1 for a longer run. Reads
    /// 24 bytes from `position`, which the caller guarantees are there.
    @inline(__always)
    func boundedDigitRunLength(at position: Int) -> Int {
        var count = 0
        while true {
            let run = leadingDigitCount(
                UnsafeRawPointer(base + (position &+ count)).loadUnaligned(as: UInt64.self).littleEndian)
            if run < 8 { return count &+ run }
            if count == 16 { return -1 }
            count &+= 8
        }
    }

    /// Validates the number at `start` without computing its value; returns the position after
    /// it, or `nil` for an invalid number. Numbers of the usual lengths are checked a word at a
    /// time; longer ones, those in the last 80 bytes of the input and invalid ones go through
    /// ``anyNumber(from:)``, which decides as the parser does.
    @inline(__always)
    func numberEnd(from start: Int) -> Int? {
        // Bounds: the sign, three runs of at most 23 digits (each reading 24 bytes), the point,
        // the `e` and the exponent's sign lie within 80 bytes of `start`.
        guard start &+ 80 <= end else { return anyNumberEnd(from: start) }
        var position = start
        if base[position] == UInt8(ascii: "-") { position &+= 1 }
        let integerDigits = boundedDigitRunLength(at: position)
        // `0` alone, or a run that does not start with `0`.
        guard integerDigits > 0, integerDigits == 1 || base[position] != UInt8(ascii: "0") else {
            return anyNumberEnd(from: start)
        }
        position &+= integerDigits
        if base[position] == UInt8(ascii: ".") {
            let fractionDigits = boundedDigitRunLength(at: position &+ 1)
            guard fractionDigits > 0 else { return anyNumberEnd(from: start) }
            position &+= 1 &+ fractionDigits
        }
        if base[position] | 0x20 == UInt8(ascii: "e") {
            var exponentStart = position &+ 1
            if base[exponentStart] == UInt8(ascii: "+") || base[exponentStart] == UInt8(ascii: "-") {
                exponentStart &+= 1
            }
            let exponentDigits = boundedDigitRunLength(at: exponentStart)
            guard exponentDigits > 0 else { return anyNumberEnd(from: start) }
            position = exponentStart &+ exponentDigits
        }
        guard position &- start <= maxNumberLength else { return anyNumberEnd(from: start) }
        return position
    }

    @inline(never)
    func anyNumberEnd(from start: Int) -> Int? {
        (try? anyNumber(from: start))?.end
    }

    // MARK: Values

    /// The position of the first byte from `start` that is not JSON whitespace.
    @inline(__always)
    func whitespaceEnd(from start: Int) -> Int {
        var position = start
        while position < end {
            switch base[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position = skipSpaces(from: position &+ 1)
            default: return position
            }
        }
        return position
    }

    /// The position of the value after the colon at `colon`: `"key":value` and `"key": value`
    /// need no whitespace loop.
    @inline(__always)
    func valueStart(afterColon colon: Int) -> Int {
        let next = colon &+ 1
        if next &+ 1 < end {
            if base[next] > 0x20 { return next }
            if base[next] == 0x20 && base[next &+ 1] > 0x20 { return next &+ 1 }
        }
        return whitespaceEnd(from: next)
    }

    /// Validates the JSON value at `start` as the parser would and returns the position after
    /// it, recording nothing; `nil` when the value is invalid or nests deeper than `levels`
    /// (at most 64), counting the value itself.
    ///
    /// One loop over the tokens, with the open containers in a word of bits (set for objects):
    /// no stack, no tape. Strings are passed over sixteen bytes per step, numbers a word per
    /// step, indentation sixteen spaces per step.
    func valueEnd(from start: Int, levels: Int) -> Int? {
        var position = start
        // Bit n says whether the container n levels into the value is an object.
        var objects: UInt64 = 0
        var level = 0
        let deepest = min(levels, 64)
        value: while true {
            guard position < end else { return nil }
            switch base[position] {
            case UInt8(ascii: "\""):
                guard let close = stringClose(quote: position) else { return nil }
                position = close
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = base[position] == UInt8(ascii: "{")
                guard level < deepest else { return nil }
                let bit: UInt64 = 1 &<< UInt64(level)
                objects = isObject ? objects | bit : objects & ~bit
                level &+= 1
                position = whitespaceEnd(from: position &+ 1)
                guard position < end else { return nil }
                if base[position] != (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if !isObject { continue value }
                    // The first member's key; later ones are read below, after a comma.
                    guard base[position] == UInt8(ascii: "\""), let close = stringClose(quote: position) else { return nil }
                    let colon = whitespaceEnd(from: close)
                    guard colon < end, base[colon] == UInt8(ascii: ":") else { return nil }
                    position = valueStart(afterColon: colon)
                    continue value
                }
                position &+= 1
                level &-= 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let next = numberEnd(from: position) else { return nil }
                position = next
            case UInt8(ascii: "t"):
                guard position &+ 4 <= end, keyBytesEqual(base + position, ("true" as StaticString).utf8Start, 4) else {
                    return nil
                }
                position &+= 4
            case UInt8(ascii: "f"):
                guard position &+ 5 <= end, keyBytesEqual(base + position, ("false" as StaticString).utf8Start, 5) else {
                    return nil
                }
                position &+= 5
            case UInt8(ascii: "n"):
                guard position &+ 4 <= end, keyBytesEqual(base + position, ("null" as StaticString).utf8Start, 4) else {
                    return nil
                }
                position &+= 4
            default:
                return nil
            }
            // After a complete value: close containers, or move on to the next element or member.
            while level > 0 {
                position = whitespaceEnd(from: position)
                guard position < end else { return nil }
                let inObject = objects & (1 &<< UInt64(level &- 1)) != 0
                let byte = base[position]
                if byte == UInt8(ascii: ",") {
                    position = whitespaceEnd(from: position &+ 1)
                    guard inObject else { continue value }
                    guard position < end, base[position] == UInt8(ascii: "\""), let close = stringClose(quote: position)
                    else { return nil }
                    let colon = whitespaceEnd(from: close)
                    guard colon < end, base[colon] == UInt8(ascii: ":") else { return nil }
                    position = valueStart(afterColon: colon)
                    continue value
                }
                guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                position &+= 1
                level &-= 1
            }
            return position
        }
    }
}
