// A child process for the archive tests: it writes archives through `JSONArchive` and is
// killed (SIGKILL) mid-write, or runs under a file size limit (RLIMIT_FSIZE), so the tests
// can check that the previous archive always survives. Not part of the library.
//
//   LoomArchiveCrashHelper hang-at PATH GENERATION BYTES STEP
//       writes a CrashBlob archive of about BYTES bytes; before STEP (create, write:N for the
//       N-th 64 KiB chunk, sync, close, rename, syncdir) prints "reached STEP" and sleeps
//       until killed. Prints "done" if the step never comes.
//   LoomArchiveCrashHelper loop PATH BYTES
//       prints "started", then rewrites the archive forever with generations 1, 2, 3…,
//       printing "wrote N" after each.
//   LoomArchiveCrashHelper limited PATH LIMIT GENERATION BYTES
//       sets RLIMIT_FSIZE to LIMIT bytes (SIGXFSZ ignored, so writes fail with EFBIG), tries
//       to write the archive, prints the error and exits 3 (or prints "done" and exits 0).
import Foundation
@_spi(Testing) import Loom

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The archived model; the tests read it as `JSONValue` through `JSONArchive.readEnvelope`.
struct CrashBlob: JSONVersionedModel {
    var generation: Int
    var text: String

    static let modelVersion = 1
    static let _loomKeys = _JSONKeySet(["generation", "text"])

    init(generation: Int, text: String) {
        self.generation = generation
        self.text = text
    }

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var s1: JSONElement? = nil
        var hint = 0
        for member in members {
            switch Self._loomKeys.match(member.key, hint: &hint, context) {
            case 0: context._assign(&s0, member.value)
            case 1: context._assign(&s1, member.value)
            default: break
            }
        }
        generation = try context._required(s0, Self._loomKeys, 0) { try context.decode(Int.self, from: $0) }
        text = try context._required(s1, Self._loomKeys, 1) { try context.decode(String.self, from: $0) }
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context._writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(generation, to: &writer)
        context._writeKey(Self._loomKeys, 1, to: &writer)
        try context.encode(text, to: &writer)
        writer.endObject()
    }
}

/// Writes a line to standard output unbuffered, so the parent sees it before any kill.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func blob(_ generation: Int, bytes: Int) -> CrashBlob {
    let unit = "generation \(generation) "
    let text = String(repeating: unit, count: max(1, bytes / unit.utf8.count))
    return CrashBlob(generation: generation, text: text)
}

func stepName(_ step: AtomicFileWriter.Step, chunkSize: Int) -> String {
    switch step {
    case .createTemporaryFile: return "create"
    case .write(let offset): return "write:\(offset / chunkSize)"
    case .synchronizeFile: return "sync"
    case .closeFile: return "close"
    case .rename: return "rename"
    case .synchronizeDirectory: return "syncdir"
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    say("usage: LoomArchiveCrashHelper hang-at|loop|limited PATH …")
    exit(2)
}
let url = URL(fileURLWithPath: arguments[2])
var archive = JSONArchive()
archive.fileWriter.chunkSize = 1 << 16

switch arguments[1] {
case "hang-at" where arguments.count == 6:
    let generation = Int(arguments[3]) ?? 0
    let bytes = Int(arguments[4]) ?? 0
    let target = arguments[5]
    let chunkSize = archive.fileWriter.chunkSize
    archive.fileWriter._beforeStep = { step in
        if stepName(step, chunkSize: chunkSize) == target {
            say("reached \(target)")
            while true { sleep(60) }
        }
        return nil
    }
    do {
        try archive.write(blob(generation, bytes: bytes), to: url)
        say("done")
    } catch {
        say("error: \(error)")
        exit(3)
    }
case "loop" where arguments.count == 4:
    let bytes = Int(arguments[3]) ?? 0
    say("started")
    var generation = 1
    while true {
        do {
            try archive.write(blob(generation, bytes: bytes), to: url)
        } catch {
            say("error: \(error)")
            exit(3)
        }
        say("wrote \(generation)")
        generation += 1
    }
case "limited" where arguments.count == 6:
    let limit = rlim_t(UInt64(arguments[3]) ?? 0)
    let generation = Int(arguments[4]) ?? 0
    let bytes = Int(arguments[5]) ?? 0
    var limits = rlimit(rlim_cur: limit, rlim_max: limit)
    #if canImport(Glibc)
    let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
    let resource = RLIMIT_FSIZE
    #endif
    guard setrlimit(resource, &limits) == 0 else {
        say("setrlimit failed: errno \(errno)")
        exit(4)
    }
    signal(SIGXFSZ, SIG_IGN)
    do {
        try archive.write(blob(generation, bytes: bytes), to: url)
        say("done")
    } catch {
        say("error: \(error)")
        exit(3)
    }
default:
    say("usage: LoomArchiveCrashHelper hang-at|loop|limited PATH …")
    exit(2)
}
