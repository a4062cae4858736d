import Foundation
import FuzzCLIKit
import FuzzSupport
import Loom

// libFuzzer entry point for `loom generate`. Built by scripts/fuzz.sh with
//   swift build --package-path Tools -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product FuzzGenerate
// A failed check prints what went wrong and traps, so libFuzzer records the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = GenerateChecks.check(Data(bytes: data, count: size)) {
        FileHandle.standardError.write(Data("FuzzGenerate: \(failure)\n".utf8))
        fatalError("FuzzGenerate check failed")
    }
    return 0
}

/// What `loom generate -` must do with any input: for valid JSON, exit 0 with Swift source on
/// standard output and nothing on standard error, the same bytes every time; for anything
/// else, exit 1 with one `<stdin>:LINE:COLUMN: error: …` line and no output.
enum GenerateChecks {
    static let variants: [[String]] = [
        ["generate", "-"],
        ["generate", "--class", "--no-dates", "--prefix", "F", "--access", "public", "-"],
    ]

    static func check(_ input: Data) -> String? {
        let valid = (try? JSONDocument(parsing: input)) != nil
        for arguments in variants {
            let first = LoomCLI.run(arguments: arguments, standardInput: input)
            if valid {
                guard first.exitCode == 0, first.standardError.isEmpty else {
                    return "\(arguments): valid JSON failed (exit \(first.exitCode)): \(first.standardError)"
                }
                let source = first.standardOutput
                // A model, or a type alias when the root holds no object (`[]` gives `JSONValue`).
                guard source.contains("@JSONModel") || source.contains("typealias ")
                else { return "\(arguments): no model in the output:\n\(source)" }
                guard balanced(source) else { return "\(arguments): unbalanced braces or brackets:\n\(source)" }
                let second = LoomCLI.run(arguments: arguments, standardInput: input)
                guard second == first else { return "\(arguments): output differs between two runs" }
            } else {
                guard first.exitCode == 1, first.standardOutputBytes.isEmpty else {
                    return "\(arguments): invalid JSON gave exit \(first.exitCode) with output"
                }
                guard first.standardError.hasPrefix("<stdin>:"), first.standardError.contains(": error: "),
                    first.standardError.hasSuffix("\n"), first.standardError.filter({ $0 == "\n" }).count == 1
                else { return "\(arguments): not one positioned error line: \(first.standardError)" }
            }
        }
        return nil
    }

    /// Braces and brackets outside string literals and comments pair up: a cheap check that
    /// the emitter closed what it opened (the fuzz build cannot run the compiler).
    static func balanced(_ source: String) -> Bool {
        var stack: [Character] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let code = line.drop(while: { $0 == " " })
            if code.hasPrefix("//") { continue }
            var inString = false
            var escaped = false
            for character in code {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                switch character {
                case "\"": inString = true
                case "{", "[", "(": stack.append(character)
                case "}": guard stack.popLast() == "{" else { return false }
                case "]": guard stack.popLast() == "[" else { return false }
                case ")": guard stack.popLast() == "(" else { return false }
                default: break
                }
            }
            if inString { return false }
        }
        return stack.isEmpty
    }
}

#if !FUZZING
/// Replays inputs without libFuzzer: `swift run --package-path Tools FuzzGenerate FILE_OR_DIRECTORY...`.
@main
struct Replay {
    static func main() {
        replayFuzzInputs(target: "FuzzGenerate") { GenerateChecks.check($0) }
    }
}
#endif
