import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds element boundaries in a byte stream fed in chunks, keeping in memory only the bytes
/// of the element being scanned (plus the unread part of the last chunk).
///
/// JSON Lines are split on `\n` (JSON text cannot hold a raw line break). The elements of a
/// top-level array are delimited by tracking string, escape and nesting state over the raw
/// bytes: a container element ends when its depth returns to zero, a string at its closing
/// quote, any other scalar at whitespace, `,`, `]` or `}`. The elements themselves are not
/// validated here; the parser does that afterwards on exactly the element's bytes.
final class JSONStreamScanner {
    /// A complete element: bytes valid until the next call that feeds input.
    struct Element {
        var bytes: UnsafeBufferPointer<UInt8>
        var position: StreamPosition
    }

    enum Event {
        case element(Element)
        /// An error: skippable ones (an oversized element) let scanning continue.
        case failure(JSONStreamError)
        /// Feed more input (or mark the end) before asking again.
        case needInput
        case end
    }

    private enum Phase {
        case beforeArray, firstElement, needElement, inElement, afterElement, afterArray, failed
        /// Reading the envelope down to the array at the path, or out of it after the array.
        case envelope
    }

    private enum ElementShape {
        case container, string, scalar
    }

    let format: JSONStreamFormat
    let maxElementSize: Int
    let chunkSize: Int
    let allowTrailingCommas: Bool
    /// For an array at a path inside the input, what reads the envelope around it.
    private var walker: JSONEnvelopeWalker?

    private var storage: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The largest buffer capacity reached: the memory bound in action.
    private(set) var peakCapacity: Int
    private var start = 0  // first byte still needed
    private var end = 0  // end of valid bytes
    private var cursor = 0  // scan position
    private var streamOffset = 0  // stream offset of storage[0]
    private var inputFinished = false
    private var elementIndex = 0

    // JSON Lines
    private var lineNumber = 1  // the line that starts at `start`
    private var discarding = false  // inside an oversized element, dropping bytes

    // Array
    private var phase = Phase.beforeArray
    private var shape = ElementShape.scalar
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var elementStart = 0
    private var elementPosition = StreamPosition(index: 0, line: 1, column: 1, byteOffset: 0)
    // Line and column at stream offset `trackedOffset`, advanced lazily over bytes still in the buffer.
    private var trackedOffset = 0
    private var trackedLine = 1
    private var trackedColumn = 1

    /// A scanner of `format`; with `steps`, of the array at that path inside the input
    /// (`format` is then `.array`).
    init(
        format: JSONStreamFormat, options: JSONStreamOptions, parsingOptions: JSONParsingOptions,
        steps: [JSONPathComponent] = []
    ) {
        self.format = format
        if !steps.isEmpty {
            walker = JSONEnvelopeWalker(steps: steps, parsingOptions: parsingOptions, maxKeyLength: max(1, options.maxElementSize))
            phase = .envelope
        }
        self.maxElementSize = max(1, options.maxElementSize)
        self.chunkSize = max(1, options.chunkSize)
        self.allowTrailingCommas = parsingOptions.allowTrailingCommas
        capacity = self.chunkSize
        peakCapacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    // MARK: Input

    /// Space for at least `minimum` more bytes, after dropping consumed bytes.
    ///
    /// Without a minimum, half a chunk of free space is enough: asking for a whole chunk
    /// would double the buffer as soon as an element straddled two reads, the common case
    /// for JSON Lines.
    func reserve(minimum: Int? = nil) -> UnsafeMutableRawBufferPointer {
        let needed = max(minimum ?? (chunkSize + 1) / 2, 1)
        if start > 0 {
            if format == .array { advanceTracker(to: start) }
            let live = end - start
            if live > 0 { memmove(storage, storage + start, live) }
            cursor -= start
            elementStart -= start
            end = live
            streamOffset += start
            start = 0
        }
        if capacity - end < needed {
            let newCapacity = max(capacity * 2, end + needed)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.initialize(from: storage, count: end)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
            peakCapacity = max(peakCapacity, capacity)
        }
        return UnsafeMutableRawBufferPointer(start: storage + end, count: capacity - end)
    }

    /// Records that `count` bytes were written into the space ``reserve(minimum:)`` returned;
    /// 0 marks the end of the input.
    func didWrite(_ count: Int) {
        if count == 0 { inputFinished = true } else { end += count }
    }

    /// Copies `bytes` in.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        let space = reserve(minimum: bytes.count)
        space.copyMemory(from: bytes)
        end += bytes.count
    }

    // MARK: Events

    func next() -> Event {
        switch format {
        case .jsonLines: return nextLine()
        case .array: return nextArrayElement()
        }
    }

    private func nextLine() -> Event {
        while true {
            let searchFrom = cursor
            let found: Int?
            if searchFrom < end, let hit = memchr(storage + searchFrom, 0x0A, end - searchFrom) {
                found = storage.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            } else {
                found = nil
            }
            if discarding {
                if let found {
                    start = found + 1
                    cursor = start
                    lineNumber += 1
                    discarding = false
                    continue
                }
                start = end
                cursor = end
                return inputFinished ? .end : .needInput
            }
            let lineEnd: Int
            if let found {
                lineEnd = found
            } else if inputFinished {
                guard start < end else { return .end }
                lineEnd = end
            } else {
                cursor = end
                if end - start > maxElementSize + 1 {  // + 1: a `\r` may precede the line break
                    discarding = true
                    let position = StreamPosition(
                        index: elementIndex, line: lineNumber, column: 1, byteOffset: streamOffset + start)
                    let error = tooLarge(position)
                    elementIndex += 1
                    return .failure(error)
                }
                return .needInput
            }
            var contentEnd = lineEnd
            if contentEnd > start && storage[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let position = StreamPosition(
                index: elementIndex, line: lineNumber, column: 1, byteOffset: streamOffset + start)
            let lineStart = start
            lineNumber += 1
            start = min(lineEnd + 1, end)
            cursor = start
            if isBlank(lineStart, contentEnd) { continue }
            elementIndex += 1
            if contentEnd - lineStart > maxElementSize { return .failure(tooLarge(position)) }
            let bytes = UnsafeBufferPointer(start: storage + lineStart, count: contentEnd - lineStart)
            return .element(Element(bytes: bytes, position: position))
        }
    }

    private func isBlank(_ from: Int, _ to: Int) -> Bool {
        var index = from
        while index < to {
            switch storage[index] {
            case 0x20, 0x09, 0x0D: index += 1
            default: return false
            }
        }
        return true
    }

    private func nextArrayElement() -> Event {
        while true {
            if cursor >= end {
                if !inputFinished { return .needInput }
                if phase == .inElement && shape == .scalar {
                    // A scalar at the very end of the input; the missing `]` is reported next.
                    if let event = completeElement(at: end) { return event }
                    continue
                }
                return endOfInput()
            }
            switch phase {
            case .failed:
                return .end
            case .envelope:
                guard var walker else { return framing("no envelope to read") }
                let outcome = walker.walk(storage, &cursor, end)
                self.walker = walker
                start = cursor
                switch outcome {
                case .needInput: continue
                case .arrayOpened: phase = .firstElement
                case .closed: phase = .afterArray
                case .failure(let message): return framing(message)
                }
            case .beforeArray, .firstElement, .needElement, .afterElement, .afterArray:
                let byte = storage[cursor]
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                    cursor += 1
                    start = cursor
                    continue
                }
                switch phase {
                case .beforeArray:
                    guard byte == UInt8(ascii: "[") else {
                        return framing("expected '[' to open the top-level array, found \(describe(byte))")
                    }
                    phase = .firstElement
                    cursor += 1
                case .afterElement:
                    if byte == UInt8(ascii: ",") {
                        phase = .needElement
                    } else if byte == UInt8(ascii: "]") {
                        arrayEnded()
                    } else {
                        return framing("expected ',' or ']' after an array element, found \(describe(byte))")
                    }
                    cursor += 1
                case .afterArray:
                    return framing("unexpected \(describe(byte)) after the top-level \(walker == nil ? "array" : "value")")
                default:
                    if byte == UInt8(ascii: "]") {
                        guard phase == .firstElement || allowTrailingCommas else {
                            return framing("expected a value after ',', found ']'")
                        }
                        arrayEnded()
                        cursor += 1
                    } else if byte == UInt8(ascii: ",") {
                        return framing("expected a value, found ','")
                    } else {
                        beginElement(byte)
                        continue  // `start` stays at the element's first byte
                    }
                }
                start = cursor
            case .inElement:
                if let finished = scanElement() { return finished }
            }
        }
    }

    /// After the array's `]`: the end of the input's value, or the rest of its envelope.
    private func arrayEnded() {
        guard walker != nil else {
            phase = .afterArray
            return
        }
        walker?.arrayClosed()
        phase = .envelope
    }

    /// How messages name the array streamed.
    private var arrayName: String { walker.map { "the array at \($0.arrayPath)" } ?? "the top-level array" }

    private func beginElement(_ byte: UInt8) {
        elementStart = cursor
        start = cursor
        advanceTracker(to: cursor)
        elementPosition = StreamPosition(
            index: elementIndex, line: trackedLine, column: trackedColumn, byteOffset: streamOffset + cursor)
        elementIndex += 1
        depth = 0
        inString = false
        escaped = false
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            shape = .container
            depth = 1
        case UInt8(ascii: "\""):
            shape = .string
            inString = true
        default:
            shape = .scalar
        }
        cursor += 1
        phase = .inElement
    }

    /// Scans the current element; returns an event when it ends (or turns out too large).
    private func scanElement() -> Event? {
        var index = cursor
        let limit = end
        var elementEnd = -1
        var depth = self.depth
        var inString = self.inString
        var escaped = self.escaped
        let bytes = storage
        switch shape {
        case .scalar:
            while index < limit {
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == 0x20
                    || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: "[")
                    || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"")
                {
                    elementEnd = index
                    break
                }
                index += 1
            }
        case .string, .container:
            while index < limit {
                let byte = bytes[index]
                index += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 {
                            elementEnd = index
                            break
                        }
                    }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 {
                        elementEnd = index
                        break
                    }
                }
            }
        }
        self.depth = depth
        self.inString = inString
        self.escaped = escaped
        if elementEnd < 0 {
            cursor = limit
            var failure: Event?
            if !discarding && limit - elementStart > maxElementSize {
                discarding = true
                failure = .failure(tooLarge(elementPosition))
            }
            if discarding {
                // Drop the scanned bytes; the scan state carries on to the element's end.
                advanceTracker(to: limit)
                start = limit
                elementStart = limit
            }
            return failure
        }
        return completeElement(at: elementEnd)
    }

    /// Ends the current element at `elementEnd`: the element, its size error, or nothing
    /// (for an oversized element already reported).
    private func completeElement(at elementEnd: Int) -> Event? {
        cursor = elementEnd
        start = elementEnd
        phase = .afterElement
        if discarding {
            discarding = false
            return nil
        }
        if elementEnd - elementStart > maxElementSize { return .failure(tooLarge(elementPosition)) }
        return .element(
            Element(
                bytes: UnsafeBufferPointer(start: storage + elementStart, count: elementEnd - elementStart),
                position: elementPosition))
    }

    private func endOfInput() -> Event {
        switch phase {
        case .afterArray, .failed:
            return .end
        case .envelope:
            return framing(walker?.endOfInputMessage ?? "unexpected end of input")
        case .beforeArray:
            return framing("expected '[' to open the top-level array, found end of input")
        case .inElement:
            return framing("unexpected end of input inside element \(elementPosition.index) of \(arrayName)")
        case .firstElement, .needElement, .afterElement:
            return framing("unexpected end of input, expected ']' to close \(arrayName)")
        }
    }

    // MARK: Errors and positions

    private func framing(_ message: String) -> Event {
        advanceTracker(to: cursor)
        let error = JSONStreamError(
            .framing, message, elementIndex: elementIndex, line: trackedLine, column: trackedColumn,
            byteOffset: streamOffset + cursor)
        phase = .failed
        return .failure(error)
    }

    private func tooLarge(_ position: StreamPosition) -> JSONStreamError {
        JSONStreamError(
            .elementTooLarge, "element is larger than the limit of \(maxElementSize) bytes",
            elementIndex: position.index, line: position.line, column: position.column, byteOffset: position.byteOffset)
    }

    /// Moves the tracked line and column forward to `offset` (relative to the buffer).
    private func advanceTracker(to offset: Int) {
        var index = trackedOffset - streamOffset
        guard index < offset else { return }
        var line = trackedLine
        var column = trackedColumn
        let bytes = storage
        while index < offset {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        trackedOffset = streamOffset + offset
        trackedLine = line
        trackedColumn = column
    }

    private func describe(_ byte: UInt8) -> String { describeStreamByte(byte) }
}
