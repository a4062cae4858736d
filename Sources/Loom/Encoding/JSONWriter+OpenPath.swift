extension JSONWriter {
    /// The path of the value being written when writing stopped, read back from `bytes` (the
    /// output so far): the key of each object whose value is still open and the index of each
    /// array element. Used only to name the property in an encoding error.
    static func openPath(of bytes: [UInt8]) -> [JSONPathComponent] {
        enum Frame {
            case object(key: String?, valuePending: Bool)
            case array(completed: Int)
        }
        var frames: [Frame] = []

        func valueCompleted() {
            guard let last = frames.last else { return }
            switch last {
            case .object(let key, _): frames[frames.count - 1] = .object(key: key, valuePending: false)
            case .array(let completed): frames[frames.count - 1] = .array(completed: completed + 1)
            }
        }

        bytes.withUnsafeBufferPointer { input in
            var index = 0
            while index < input.count {
                let byte = input[index]
                switch byte {
                case UInt8(ascii: "{"):
                    frames.append(.object(key: nil, valuePending: false))
                case UInt8(ascii: "["):
                    frames.append(.array(completed: 0))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if !frames.isEmpty { frames.removeLast() }
                    valueCompleted()
                case UInt8(ascii: ":"):
                    if case .object(let key, _)? = frames.last { frames[frames.count - 1] = .object(key: key, valuePending: true) }
                case UInt8(ascii: "\""):
                    let start = index + 1
                    var end = start
                    while end < input.count && input[end] != UInt8(ascii: "\"") {
                        end += input[end] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    let raw = UnsafeBufferPointer(rebasing: input[start..<min(end, input.count)])
                    index = end
                    if case .object(_, false)? = frames.last {
                        // A key: the value that follows belongs to it.
                        frames[frames.count - 1] = .object(
                            key: String(decoding: unescapeJSONString(raw), as: UTF8.self), valuePending: false)
                    } else {
                        valueCompleted()
                    }
                case UInt8(ascii: ","), UInt8(ascii: " "), 0x0A, 0x0D, 0x09:
                    break
                default:
                    // A number or literal: skip to its end.
                    while index + 1 < input.count, !JSONWriter.isDelimiter(input[index + 1]) { index += 1 }
                    valueCompleted()
                }
                index += 1
            }
        }

        var path: [JSONPathComponent] = []
        for frame in frames {
            switch frame {
            case .object(let key?, true): path.append(.key(key))
            case .object: return path
            case .array(let completed): path.append(.index(completed))
            }
        }
        return path
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), 0x0A, 0x0D, 0x09: return true
        default: return false
        }
    }
}
