import Foundation
@_spi(Testing) import Loom
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Archives: atomic writes with injected failures")
struct ArchiveAtomicWriteTests {
    let old = Contact(email: "old@example.com", firstName: "Old", lastName: nil, tags: [], age: 1)

    /// A new version big enough for three 64 KiB chunks.
    var new: Contact {
        Contact(email: "new@example.com", firstName: "New", lastName: nil, tags: Array(repeating: String(repeating: "x", count: 1000), count: 150), age: 2)
    }

    func archive(failingAt failing: AtomicFileWriter.Step?, with number: Int32, steps: Locked<[AtomicFileWriter.Step]>? = nil)
        -> JSONArchive
    {
        var archive = JSONArchive()
        archive.fileWriter.chunkSize = 1 << 16
        archive.fileWriter._beforeStep = { step in
            steps?.withLock { $0.append(step) }
            return step == failing ? number : nil
        }
        return archive
    }

    @Test func stepsRunInTheDocumentedOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let steps = Locked<[AtomicFileWriter.Step]>([])
        try archive(failingAt: nil, with: 0, steps: steps).write(new, to: directory.file("c.archive"))
        #expect(
            steps.withLock { $0 } == [
                .createTemporaryFile, .write(offset: 0), .write(offset: 65536), .write(offset: 131072),
                .synchronizeFile, .closeFile, .rename, .synchronizeDirectory,
            ])
        #expect(try directory.names() == ["c.archive"])
    }

    @Test(arguments: [
        (AtomicFileWriter.Step.createTemporaryFile, EACCES, "create temporary file failed: Permission denied (errno 13)"),
        (.write(offset: 0), ENOSPC, "write at offset 0 failed: No space left on device (errno 28)"),
        (.write(offset: 131072), ENOSPC, "write at offset 131072 failed: No space left on device (errno 28)"),
        (.synchronizeFile, EIO, "sync file failed: Input/output error (errno 5)"),
        (.closeFile, EIO, "close file failed: Input/output error (errno 5)"),
        (.rename, EXDEV, "rename failed: Invalid cross-device link (errno 18)"),
    ])
    func aFailureBeforeTheRenameKeepsTheOldArchive(step: AtomicFileWriter.Step, number: Int32, message: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("c.archive")
        try JSONArchive().write(old, to: url)
        let before = try Data(contentsOf: url)

        let error = try #require(throws: JSONArchiveError.self) {
            try archive(failingAt: step, with: number).write(new, to: url)
        }
        #expect(error.kind == .fileSystem)
        #expect(error.description == "\(url.path): could not write \(url.path): \(message)")
        let underlying = try #require(error.underlyingError as? AtomicWriteError)
        #expect(underlying.step == step)
        #expect(underlying.errorNumber == number)
        #expect(!underlying.targetReplaced)

        #expect(try Data(contentsOf: url) == before)
        #expect(try JSONArchive().read(Contact.self, from: url) == old)
        #expect(try directory.names() == ["c.archive"], "the temporary file is removed")
    }

    @Test func aFailedDirectorySyncReportsThatTheNewFileIsInPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("c.archive")
        try JSONArchive().write(old, to: url)
        let error = try #require(throws: JSONArchiveError.self) {
            try archive(failingAt: .synchronizeDirectory, with: EIO).write(new, to: url)
        }
        #expect(error.description == "\(url.path): replaced \(url.path) but could not confirm it: sync directory failed: Input/output error (errno 5)")
        #expect((error.underlyingError as? AtomicWriteError)?.targetReplaced == true)
        #expect(try JSONArchive().read(Contact.self, from: url) == new)
        #expect(try directory.names() == ["c.archive"])
    }

    @Test func aFailingStreamedBodyKeepsTheOldFile() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("lines.ndjson")
        try AtomicFileWriter().write(Array("old\n".utf8), to: url)
        var writer = AtomicFileWriter()
        writer.chunkSize = 4
        #expect(throws: Stop.self) {
            try writer.write(to: url) { output in
                try output.write(Array("new content, several chunks\n".utf8))
                #expect(output.count == 28)
                throw Stop()
            }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old\n")
        #expect(try directory.names() == ["lines.ndjson"])
    }

    @Test func keepsThePermissionsOfTheReplacedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("secret.archive")
        try JSONArchive().write(old, to: url)
        #expect(chmod(url.path, 0o600) == 0)
        try JSONArchive().write(new, to: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func removesStaleTemporaryFilesOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("c.archive")
        try JSONArchive().write(old, to: url)
        for name in [".c.archive.tmp-1-ab", ".c.archive.tmp-2-cd", ".other.tmp-1-ab", "c.archive.bak"] {
            try Data("x".utf8).write(to: directory.file(name))
        }
        let removed = AtomicFileWriter.removeStaleTemporaryFiles(for: url)
        #expect(removed.map { URL(fileURLWithPath: $0).lastPathComponent } == [".c.archive.tmp-1-ab", ".c.archive.tmp-2-cd"])
        #expect(try directory.names() == [".other.tmp-1-ab", "c.archive", "c.archive.bak"])
    }
}
