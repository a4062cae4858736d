/// Walks the envelope around the array a stream reads at a path (`"data.items"`): down to the
/// array's `[`, and after its `]` out to the end of the input, over bytes fed in chunks.
///
/// Members and elements off the path are passed over by their structure (strings, escapes,
/// nesting), as the stream scanner delimits elements, and dropped as they go; only the key
/// being compared is kept, so memory stays bounded whatever the envelope holds. The first
/// member with a path key is followed; a later one with the same key is an error unless the
/// duplicate-key policy keeps the first, since the elements of the first have been yielded.
struct JSONEnvelopeWalker {
    enum Outcome {
        /// Feed more input.
        case needInput
        /// The array at the path opened; the cursor is after its `[`.
        case arrayOpened
        /// The envelope closed; the cursor is after its last byte.
        case closed
        /// The envelope is malformed or the path is not in it; the cursor is at the offending byte.
        case failure(String)
    }

    private enum State {
        /// Before the value of the step at `level` (the array itself past the last step).
        case value
        /// In an object: before a key (or, for the first, `}`).
        case key(first: Bool)
        /// Inside a key, after `escaped`.
        case inKey(escaped: Bool)
        /// After a key: before `:`.
        case colon(matched: Bool)
        /// After a member: before `,` or `}`.
        case afterMember
        /// In an array: before an element (or, for the first, `]`).
        case element(first: Bool)
        /// After an element: before `,` or `]`.
        case afterElement
        /// After the colon of a member off the path: before its value.
        case valueToSkip
        /// Passing over a value off the path.
        case skipping(depth: Int, inString: Bool, escaped: Bool, scalar: Bool)
    }

    let steps: [JSONPathComponent]
    private let keys: [[UInt8]?]
    /// Whether a repeat of a path key after the followed one is an error.
    private let rejectsLaterDuplicates: Bool
    private let allowTrailingCommas: Bool
    private let maxKeyLength: Int
    private var state = State.value
    /// The container on the path the walker is in (or, in `.value`, whose value comes next).
    private var level = 0
    /// After the array: closing the containers around it.
    private var closing = false
    /// Elements passed in the array at `level`.
    private var count = 0
    /// The raw bytes of the key being read.
    private var key: [UInt8] = []

    init(steps: [JSONPathComponent], parsingOptions: JSONParsingOptions, maxKeyLength: Int) {
        self.steps = steps
        keys = steps.map { step in
            if case .key(let key) = step { return Array(key.utf8) }
            return nil
        }
        rejectsLaterDuplicates = parsingOptions.duplicateKeys != .useFirst
        allowTrailingCommas = parsingOptions.allowTrailingCommas
        self.maxKeyLength = maxKeyLength
    }

    /// The path down to the step at `level`, included: `data.items`.
    private func path(through level: Int) -> String { describePath(Array(steps[...level])) }

    /// The path to the array: `data.items`.
    var arrayPath: String { describePath(steps) }

    /// Where the walker stands at the end of the input, for the error.
    var endOfInputMessage: String {
        closing
            ? "unexpected end of input after the array at \(arrayPath), expected the enclosing containers to close"
            : "unexpected end of input before the array at \(arrayPath)"
    }

    /// Starts closing the containers around the array, after its `]`.
    mutating func arrayClosed() {
        closing = true
        level = steps.count - 1
        state = keys[level] == nil ? .afterElement : .afterMember
    }

    /// Walks from `cursor` to the next outcome; `cursor` ends after what was consumed.
    mutating func walk(_ bytes: UnsafeMutablePointer<UInt8>, _ cursor: inout Int, _ end: Int) -> Outcome {
        while cursor < end {
            let byte = bytes[cursor]
            switch state {
            case .inKey(let escaped):
                cursor += 1
                if !escaped && byte == UInt8(ascii: "\"") {
                    guard let matched = keyMatches() else {
                        cursor -= 1
                        return .failure("invalid escape in a key")
                    }
                    state = .colon(matched: matched)
                    continue
                }
                guard key.count < maxKeyLength else { return .failure("key longer than \(maxKeyLength) bytes") }
                key.append(byte)
                state = .inKey(escaped: !escaped && byte == UInt8(ascii: "\\"))
                continue
            case .skipping(var depth, var inString, var escaped, let scalar):
                if scalar {
                    if isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                        state = afterValue
                        continue
                    }
                    cursor += 1
                    continue
                }
                cursor += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 {
                            state = afterValue
                            continue
                        }
                    }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 {
                        state = afterValue
                        continue
                    }
                }
                state = .skipping(depth: depth, inString: inString, escaped: escaped, scalar: false)
                continue
            default:
                break
            }
            if isWhitespace(byte) {
                cursor += 1
                continue
            }
            switch state {
            case .value:
                if level == steps.count {
                    guard byte == UInt8(ascii: "[") else {
                        return .failure("expected an array at \(arrayPath), found \(describeStreamByte(byte))")
                    }
                    cursor += 1
                    return .arrayOpened
                }
                if keys[level] != nil {
                    guard byte == UInt8(ascii: "{") else {
                        return .failure(
                            "expected an object at \(level == 0 ? "the root" : path(through: level - 1)), found \(describeStreamByte(byte))")
                    }
                    state = .key(first: true)
                } else {
                    guard byte == UInt8(ascii: "[") else {
                        return .failure(
                            "expected an array at \(level == 0 ? "the root" : path(through: level - 1)), found \(describeStreamByte(byte))")
                    }
                    count = 0
                    state = .element(first: true)
                }
                cursor += 1
            case .key(let first):
                if byte == UInt8(ascii: "}") && (first || allowTrailingCommas) {
                    if let failure = containerEnded() { return failure }
                    cursor += 1
                    if level < 0 { return .closed }
                    continue
                }
                guard byte == UInt8(ascii: "\"") else {
                    return .failure("expected a key, found \(describeStreamByte(byte))")
                }
                key.removeAll(keepingCapacity: true)
                state = .inKey(escaped: false)
                cursor += 1
            case .colon(let matched):
                guard byte == UInt8(ascii: ":") else {
                    return .failure("expected ':' after a key, found \(describeStreamByte(byte))")
                }
                if matched && closing && rejectsLaterDuplicates {
                    return .failure(
                        "the key \(quotedKey) repeats after the streamed array; a stream reads the first (set duplicateKeys to .useFirst to skip the others)")
                }
                cursor += 1
                if matched && !closing {
                    level += 1
                    state = .value
                } else {
                    state = .valueToSkip
                }
            case .valueToSkip:
                guard startsValue(byte) else { return .failure("expected a value, found \(describeStreamByte(byte))") }
                beginSkipping(byte, at: &cursor)
            case .element(let first):
                if byte == UInt8(ascii: "]") && (first || allowTrailingCommas) {
                    if let failure = containerEnded() { return failure }
                    cursor += 1
                    if level < 0 { return .closed }
                    continue
                }
                if !closing, case .index(let wanted) = steps[level], count == wanted {
                    level += 1
                    state = .value
                    continue
                }
                guard startsValue(byte) else { return .failure("expected a value, found \(describeStreamByte(byte))") }
                beginSkipping(byte, at: &cursor)
            case .afterMember, .afterElement:
                let isObject = keys[level] != nil
                if byte == UInt8(ascii: ",") {
                    cursor += 1
                    if isObject {
                        state = .key(first: false)
                    } else {
                        count += 1
                        state = .element(first: false)
                    }
                    continue
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    return .failure(
                        "expected ',' or '\(isObject ? "}" : "]")' after \(isObject ? "a member" : "an element"), found \(describeStreamByte(byte))")
                }
                if let failure = containerEnded() { return failure }
                cursor += 1
                if level < 0 { return .closed }
            case .inKey, .skipping:
                break
            }
        }
        return .needInput
    }

    /// The state after a value passed over in the container at `level`.
    private var afterValue: State { keys[level] == nil ? .afterElement : .afterMember }

    /// Sets up passing over the value whose first byte is at `cursor`.
    private mutating func beginSkipping(_ byte: UInt8, at cursor: inout Int) {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            state = .skipping(depth: 1, inString: false, escaped: false, scalar: false)
            cursor += 1
        case UInt8(ascii: "\""):
            state = .skipping(depth: 0, inString: true, escaped: false, scalar: false)
            cursor += 1
        default:
            state = .skipping(depth: 0, inString: false, escaped: false, scalar: true)
        }
    }

    /// The container at `level` closed at the cursor: a failure while looking for the path in
    /// it, else the walker moves out to the container around it.
    private mutating func containerEnded() -> Outcome? {
        if !closing {
            switch steps[level] {
            case .key(let name):
                return .failure("\(path(through: level)): missing key \(quote(name))")
            case .index(let index):
                let elements: Int
                switch state {
                case .element(first: true): elements = 0
                case .element(first: false): elements = count
                default: elements = count + 1
                }
                return .failure(
                    "\(path(through: level)): index \(index) is out of range, the array has \(elements) element\(elements == 1 ? "" : "s")")
            }
        }
        level -= 1
        if level >= 0 { state = afterValue }
        return nil
    }

    /// Whether the key just read is the path's key at this level; `nil` for a key whose
    /// escapes are invalid.
    private func keyMatches() -> Bool? {
        guard let wanted = keys[level] else { return false }
        if !key.contains(UInt8(ascii: "\\")) { return key == wanted }
        // Escapes are decoded only once the parser has validated them: the envelope's bytes
        // are otherwise unchecked.
        guard let document = try? JSONDocument(parsing: [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")]),
            let name = withExtendedLifetime(document, { document.root.stringValue })
        else { return nil }
        return Array(name.utf8) == wanted
    }

    private var quotedKey: String {
        if case .key(let name) = steps[level] { return quote(name) }
        return ""
    }

    private func quote(_ text: String) -> String {
        var writer = JSONWriter()
        writer.write(text)
        return writer.string
    }

    /// Whether `byte` can start a JSON value: not a delimiter where a value is due.
    private func startsValue(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: ",") && byte != UInt8(ascii: ":") && byte != UInt8(ascii: "}") && byte != UInt8(ascii: "]")
    }

    private func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}

/// `'x'` or `byte 0xFF`, for stream messages.
func describeStreamByte(_ byte: UInt8) -> String {
    switch byte {
    case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    default:
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
