import FuzzSupport
import Foundation

// libFuzzer entry point. Built by scripts/fuzz.sh with
//   swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product FuzzModels
// A failed check prints what went wrong and traps, so libFuzzer records the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = ModelChecks.check(UnsafeBufferPointer(start: data, count: size)) {
        FileHandle.standardError.write(Data("FuzzModels: \(failure)\n".utf8))
        fatalError("FuzzModels check failed")
    }
    return 0
}

#if !FUZZING
/// Replays inputs without libFuzzer: `swift run FuzzModels FILE_OR_DIRECTORY...`.
@main
struct Replay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: FuzzModels FILE_OR_DIRECTORY...")
            exit(2)
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    print("cannot read \(file)")
                    exit(1)
                }
                let bytes = [UInt8](data)
                _ = bytes.withUnsafeBufferPointer { buffer in
                    // A non-nil base address even for an empty file.
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(buffer.count, 1)) { scratch in
                        guard let base = scratch.baseAddress else { return CInt(0) }
                        if buffer.count > 0 { _ = scratch.initialize(fromContentsOf: buffer) }
                        return fuzz(UnsafePointer(base), buffer.count)
                    }
                }
                count += 1
            }
        }
        print("FuzzModels: \(count) input(s) replayed, every check held")
    }

    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
#endif
