import Foundation
import Loom
import Testing

/// A child process (`LoomArchiveCrashHelper`) writes archives and is killed with SIGKILL at
/// chosen steps, or writes under a file size limit; the old archive must always survive.
@Suite("Archives: crashes and full disks in a child process")
struct ArchiveCrashTests {
    /// About 300 KB: five 64 KiB chunks.
    let size = "300000"

    func generation(at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int? {
        let envelope = try JSONArchive().readEnvelope(from: url)
        #expect(envelope.typeName == "CrashBlob", sourceLocation: sourceLocation)
        return envelope.payload["generation"]?.intValue
    }

    /// Writes generation 1 through the helper (it never reaches the step "never").
    func writeFirstGeneration(_ helper: CrashHelper, to url: URL) throws {
        let first = try helper.start("hang-at", url.path, "1", size, "never").finish()
        #expect(first.status == 0)
        #expect(first.output == ["done"])
        #expect(try generation(at: url) == 1)
    }

    @Test(arguments: [
        ("create", 1, 0),
        ("write:0", 1, 1),
        ("write:3", 1, 1),
        ("sync", 1, 1),
        ("close", 1, 1),
        ("rename", 1, 1),
        ("syncdir", 2, 0),
    ])
    func killedAtAStep(step: String, survivingGeneration: Int, leftovers: Int) throws {
        let helper = try CrashHelper()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("blob.archive")
        try writeFirstGeneration(helper, to: url)

        let child = try helper.start("hang-at", url.path, "2", size, step)
        #expect(child.readLine() == "reached \(step)")
        child.killAndWait()
        #expect(child.process.terminationReason == .uncaughtSignal)

        // Old or new, but always a complete archive.
        #expect(try generation(at: url) == survivingGeneration)
        // A killed writer can leave its temporary file (never the target) behind.
        let stale = AtomicFileWriter.removeStaleTemporaryFiles(for: url)
        #expect(stale.count == leftovers)
        #expect(try directory.names() == ["blob.archive"])
    }

    @Test func killedAtAnArbitraryMomentOfRepeatedWrites() throws {
        let helper = try CrashHelper()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("blob.archive")
        for delay in [0, 3, 11] {
            let child = try helper.start("loop", url.path, "300000")
            #expect(child.readLine() == "started")
            let written = child.readLine(until: { $0.hasPrefix("wrote 2") })
            #expect(written == "wrote 2")
            usleep(useconds_t(delay * 1000))
            child.killAndWait()
            let surviving = try #require(try generation(at: url))
            #expect(surviving >= 2, "delay \(delay) ms")
            AtomicFileWriter.removeStaleTemporaryFiles(for: url)
        }
    }

    @Test func aFileSizeLimitFailsTheWriteAndKeepsTheOldArchive() throws {
        let helper = try CrashHelper()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("blob.archive")
        try writeFirstGeneration(helper, to: url)
        let before = try Data(contentsOf: url)

        // RLIMIT_FSIZE of 100,000 bytes in the child: the second 64 KiB chunk fails with EFBIG.
        let result = try helper.start("limited", url.path, "100000", "2", size).finish()
        #expect(result.status == 3)
        #expect(result.output == ["error: \(url.path): could not write \(url.path): write at offset 65536 failed: File too large (errno 27)"])
        #expect(try Data(contentsOf: url) == before)
        #expect(try directory.names() == ["blob.archive"])

        // Within the limit, the same write succeeds.
        let small = try helper.start("limited", url.path, "100000", "3", "50000").finish()
        #expect(small.status == 0)
        #expect(try generation(at: url) == 3)
    }
}
