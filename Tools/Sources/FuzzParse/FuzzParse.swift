import FuzzSupport
import Foundation

// libFuzzer entry point. Built by scripts/fuzz.sh with
//   swift build --package-path Tools -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product FuzzParse
// A failed check prints what went wrong and traps, so libFuzzer records the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = ParseChecks.check(UnsafeBufferPointer(start: data, count: size)) {
        FileHandle.standardError.write(Data("FuzzParse: \(failure)\n".utf8))
        fatalError("FuzzParse check failed")
    }
    return 0
}

#if !FUZZING
/// Replays inputs without libFuzzer: `swift run --package-path Tools FuzzParse FILE_OR_DIRECTORY...`.
@main
struct Replay {
    static func main() {
        replayFuzzInputs(target: "FuzzParse") { $0.withUnsafeBytes { ParseChecks.check($0.bindMemory(to: UInt8.self)) } }
    }
}
#endif
