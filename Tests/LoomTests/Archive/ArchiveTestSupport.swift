import Foundation
import Loom
import Testing

/// A fresh directory under the temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init(_ label: String = #function) throws {
        let name = "loom-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names in the directory, sorted.
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Archive bytes composed by hand, as an older build (or an attacker) would have written them.
func handMadeArchive(type: String, version: Int, payload: String, checksum: String? = nil, length: Int? = nil)
    -> [UInt8]
{
    let bytes = Array(payload.utf8)
    let crc = checksum ?? CRC32().updated(bytes).hexDigest
    let header =
        #"{"format":"loom-archive","type":"\#(type)","version":\#(version),"length":\#(length ?? bytes.count),"checksum":"\#(crc)","payload":"#
    return Array(header.utf8) + bytes + Array("}\n".utf8)
}

extension CRC32 {
    func updated(_ bytes: [UInt8]) -> CRC32 {
        var copy = self
        copy.update(bytes)
        return copy
    }
}

/// A value shared with `@Sendable` callbacks (fault-injection hooks, skipped-error reports).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
