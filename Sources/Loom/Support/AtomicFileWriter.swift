import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file atomically and durably: readers see the old file or the new one, never
/// a mixture, and a crash or a full disk at any moment leaves the old file intact.
///
/// The steps, each of which can fail without harming the target:
/// 1. create a temporary file in the target's directory (`.<name>.tmp-<pid>-<random>`,
///    `O_CREAT | O_EXCL`, with the target's permission bits when it exists);
/// 2. write the bytes, in chunks of ``chunkSize``;
/// 3. `fsync` the temporary file (`F_FULLFSYNC` on Darwin), so its data is on disk before
///    any name points at it;
/// 4. `close` it, checking the result;
/// 5. `rename` it over the target — the atomic switch;
/// 6. `fsync` the directory, so the rename itself survives a power loss.
///
/// A failure in steps 1–5 removes the temporary file and leaves the target as it was. A
/// crash (the process killed) in steps 1–5 can leave the temporary file behind, never a
/// partial target; ``removeStaleTemporaryFiles(for:)`` cleans such leftovers. A failure in
/// step 6 is reported with ``AtomicWriteError/targetReplaced`` set: the new file is in
/// place but its durability is not confirmed.
///
/// ```swift
/// try AtomicFileWriter().write(bytes, to: url)
/// ```
public struct AtomicFileWriter: Sendable {
    /// One step of an atomic write, named in errors and passed to the fault-injection hook.
    public enum Step: Sendable, Hashable, CustomStringConvertible {
        /// Creating the temporary file.
        case createTemporaryFile
        /// Writing the chunk that starts at `offset` bytes into the file.
        case write(offset: Int)
        /// `fsync` of the temporary file.
        case synchronizeFile
        /// Closing the temporary file.
        case closeFile
        /// Renaming the temporary file over the target.
        case rename
        /// `fsync` of the directory after the rename.
        case synchronizeDirectory

        /// The step in words: `write at offset 1048576`, `rename`.
        public var description: String {
            switch self {
            case .createTemporaryFile: return "create temporary file"
            case .write(let offset): return "write at offset \(offset)"
            case .synchronizeFile: return "sync file"
            case .closeFile: return "close file"
            case .rename: return "rename"
            case .synchronizeDirectory: return "sync directory"
            }
        }
    }

    /// The most bytes handed to one `write` system call. Default 1 MiB.
    public var chunkSize: Int = 1 << 20
    /// Whether to `fsync` the file and the directory. Default `true`; turning it off keeps
    /// atomicity (the rename) but gives up durability across power loss.
    public var synchronizes: Bool = true
    /// Fault injection for tests, not API: called before every step; returning an `errno`
    /// value makes that step fail as if its system call had failed with it.
    @_spi(Testing) public var _beforeStep: (@Sendable (Step) -> Int32?)?

    /// Creates a writer with default settings.
    public init() {}

    /// Replaces the file at `url` with `bytes`.
    ///
    /// - Throws: ``AtomicWriteError`` naming the failed step and the system error; the
    ///   previous file is intact unless ``AtomicWriteError/targetReplaced`` is set.
    public func write(_ bytes: [UInt8], to url: URL) throws(AtomicWriteError) {
        let file = try begin(url)
        let written: Result<Void, AtomicWriteError> = bytes.withUnsafeBytes { raw in
            Result { () throws(AtomicWriteError) in try file.writeDirect(raw) }
        }
        if case .failure(let error) = written {
            file.abandon()
            throw error
        }
        try file.commit()
    }

    /// Replaces the file at `url` with what `body` writes to the ``Output`` it is given.
    ///
    /// The output is buffered and written in chunks as it grows, so the whole content never
    /// needs to be in memory.
    ///
    /// - Throws: what `body` throws (the temporary file is then removed and the target left
    ///   alone), or ``AtomicWriteError`` for a failed step.
    public func write(to url: URL, _ body: (inout Output) throws -> Void) throws {
        var file = try begin(url)
        do {
            try body(&file)
            try file.flush()
        } catch {
            file.abandon()
            throw error
        }
        try file.commit()
    }

    private func begin(_ url: URL) throws(AtomicWriteError) -> Output {
        let target = url.standardizedFileURL
        let directory = target.deletingLastPathComponent().path
        let name = target.lastPathComponent
        let temporary =
            directory + "/." + name + ".tmp-\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let context = Output.Context(
            target: target.path, directory: directory, temporary: temporary, hook: _beforeStep,
            synchronizes: synchronizes, chunkSize: max(1, chunkSize))
        try context.run(.createTemporaryFile) { () -> Int32 in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor < 0 { return errno }
            // Keep the permission bits of the file being replaced.
            var info = stat()
            if stat(target.path, &info) == 0 { _ = fchmod(descriptor, info.st_mode & 0o7777) }
            context.descriptor = descriptor
            return 0
        }
        return Output(context: context)
    }

    /// Removes temporary files that interrupted writes to `url` left behind.
    ///
    /// Only names of the form this writer creates (`.<name>.tmp-<pid>-<hex>`) are touched.
    /// Call it when no other process may be writing the same file.
    ///
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeStaleTemporaryFiles(for url: URL) -> [String] {
        let target = url.standardizedFileURL
        let directory = target.deletingLastPathComponent().path
        let prefix = "." + target.lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let path = directory + "/" + name
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// The temporary file being written; ``write(to:_:)`` passes it to its body.
    public struct Output {
        final class Context {
            let target: String
            let directory: String
            let temporary: String
            let hook: (@Sendable (Step) -> Int32?)?
            let synchronizes: Bool
            let chunkSize: Int
            var descriptor: Int32 = -1
            var written = 0

            init(
                target: String, directory: String, temporary: String, hook: (@Sendable (Step) -> Int32?)?,
                synchronizes: Bool, chunkSize: Int
            ) {
                self.target = target
                self.directory = directory
                self.temporary = temporary
                self.hook = hook
                self.synchronizes = synchronizes
                self.chunkSize = chunkSize
            }

            /// Runs a step: the hook first, then `body`, which returns 0 or an errno value.
            func run(_ step: Step, replaced: Bool = false, _ body: () -> Int32) throws(AtomicWriteError) {
                if let injected = hook?(step), injected != 0 {
                    throw AtomicWriteError(step: step, path: target, errorNumber: injected, targetReplaced: replaced)
                }
                let result = body()
                if result != 0 {
                    throw AtomicWriteError(step: step, path: target, errorNumber: result, targetReplaced: replaced)
                }
            }
        }

        let context: Context
        private var buffer: [UInt8] = []

        init(context: Context) {
            self.context = context
        }

        /// The number of bytes written so far.
        public var count: Int { context.written + buffer.count }

        /// Appends `bytes`, writing to the file whenever a chunk is full.
        ///
        /// - Throws: ``AtomicWriteError`` when a write fails (a full disk, a file size limit).
        public mutating func write(_ bytes: UnsafeRawBufferPointer) throws(AtomicWriteError) {
            buffer.append(contentsOf: bytes)
            if buffer.count >= context.chunkSize { try flush() }
        }

        /// Appends `bytes`, writing to the file whenever a chunk is full.
        ///
        /// - Throws: ``AtomicWriteError`` when a write fails (a full disk, a file size limit).
        public mutating func write(_ bytes: [UInt8]) throws(AtomicWriteError) {
            let written: Result<Void, AtomicWriteError> = bytes.withUnsafeBytes { raw in
                buffer.append(contentsOf: raw)
                return Result { () throws(AtomicWriteError) in if buffer.count >= context.chunkSize { try flush() } }
            }
            try written.get()
        }

        mutating func flush() throws(AtomicWriteError) {
            guard !buffer.isEmpty else { return }
            let pending = buffer
            buffer.removeAll(keepingCapacity: true)
            let written: Result<Void, AtomicWriteError> = pending.withUnsafeBytes { raw in
                Result { () throws(AtomicWriteError) in try writeDirect(raw) }
            }
            try written.get()
        }

        /// Writes `bytes` to the file in chunks, retrying short writes and `EINTR`.
        func writeDirect(_ bytes: UnsafeRawBufferPointer) throws(AtomicWriteError) {
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let length = min(context.chunkSize, bytes.count - offset)
                let context = self.context
                try context.run(.write(offset: context.written)) { () -> Int32 in
                    var done = 0
                    while done < length {
                        let result = systemWrite(context.descriptor, base + offset + done, length - done)
                        if result < 0 {
                            if errno == EINTR { continue }
                            return errno
                        }
                        done += result
                        context.written += result
                    }
                    return 0
                }
                offset += length
            }
        }

        /// Closes and removes the temporary file after a failure; the target is untouched.
        func abandon() {
            if context.descriptor >= 0 {
                _ = close(context.descriptor)
                context.descriptor = -1
            }
            _ = unlink(context.temporary)
        }

        /// fsync, close, rename, fsync the directory.
        func commit() throws(AtomicWriteError) {
            let context = self.context
            do throws(AtomicWriteError) {
                try context.run(.synchronizeFile) { () -> Int32 in
                    guard context.synchronizes else { return 0 }
                    return synchronizeDescriptor(context.descriptor) == 0 ? 0 : errno
                }
                try context.run(.closeFile) { () -> Int32 in
                    let result = close(context.descriptor)
                    context.descriptor = -1
                    return result == 0 ? 0 : errno
                }
                try context.run(.rename) { () -> Int32 in
                    systemRename(context.temporary, context.target) == 0 ? 0 : errno
                }
            } catch {
                abandon()
                throw error
            }
            try context.run(.synchronizeDirectory, replaced: true) { () -> Int32 in
                guard context.synchronizes else { return 0 }
                let directory = open(context.directory, O_RDONLY | O_CLOEXEC)
                if directory < 0 { return errno }
                defer { _ = close(directory) }
                // Some file systems cannot sync a directory and say so with EINVAL.
                if synchronizeDescriptor(directory) != 0 && errno != EINVAL { return errno }
                return 0
            }
        }
    }
}

/// A failed step of an ``AtomicFileWriter`` write.
///
/// Its description reads like
/// `could not write /data/user.archive: write at offset 0 failed: File too large (errno 27)`.
public struct AtomicWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step that failed.
    public let step: AtomicFileWriter.Step
    /// The file being replaced.
    public let path: String
    /// The `errno` value of the failed system call (or the injected one).
    public let errorNumber: Int32
    /// Whether the target had already been replaced: only a failed directory sync leaves the
    /// new content in place without a confirmed durable rename.
    public let targetReplaced: Bool

    /// The system's text for ``errorNumber``.
    public var systemMessage: String { String(cString: strerror(errorNumber)) }

    /// The error in one line: `could not write PATH: STEP failed: REASON (errno N)`.
    public var description: String {
        let action = targetReplaced ? "replaced \(path) but could not confirm it" : "could not write \(path)"
        return "\(action): \(step) failed: \(systemMessage) (errno \(errorNumber))"
    }
}

// MARK: - System calls

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, pointer, count)
    #elseif canImport(Musl)
    return Musl.write(descriptor, pointer, count)
    #else
    return Darwin.write(descriptor, pointer, count)
    #endif
}

private func systemRename(_ from: String, _ to: String) -> Int32 {
    #if canImport(Glibc)
    return Glibc.rename(from, to)
    #elseif canImport(Musl)
    return Musl.rename(from, to)
    #else
    return Darwin.rename(from, to)
    #endif
}

/// `fsync`, or `F_FULLFSYNC` on Darwin where `fsync` does not reach the medium.
private func synchronizeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
    #endif
    return fsync(descriptor)
}

/// Reads a whole file with POSIX calls, so that errors carry an `errno`.
func readWholeFile(atPath path: String) -> Result<[UInt8], SystemError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { return .failure(SystemError(number: errno)) }
    defer { _ = close(descriptor) }
    var info = stat()
    let expected = fstat(descriptor, &info) == 0 ? max(0, Int(info.st_size)) : 0
    var bytes = [UInt8](repeating: 0, count: max(expected, 1 << 16))
    var count = 0
    while true {
        if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
        let result = bytes.withUnsafeMutableBytes { raw in
            read(descriptor, raw.baseAddress.map { $0 + count }, raw.count - count)
        }
        if result < 0 {
            if errno == EINTR { continue }
            return .failure(SystemError(number: errno))
        }
        if result == 0 { break }
        count += result
    }
    bytes.removeSubrange(count...)
    return .success(bytes)
}

/// An `errno` value as an error.
struct SystemError: Error, Sendable {
    var number: Int32

    var message: String { "\(String(cString: strerror(number))) (errno \(number))" }
}
