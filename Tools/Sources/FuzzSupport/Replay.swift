import Foundation

/// The replay driver of the fuzz targets' ordinary builds (`swift run FuzzParse FILE…`):
/// runs `check` on every named file, and on the files of every named directory in name order.
///
/// Prints the first failure with its file and exits 1; exits 2 without arguments and 1 for an
/// unreadable file. `check` returns a description of what went wrong, or `nil`.
public func replayFuzzInputs(target: String, _ check: (Data) -> String?) {
    let paths = CommandLine.arguments.dropFirst()
    guard !paths.isEmpty else {
        print("usage: \(target) FILE_OR_DIRECTORY...")
        exit(2)
    }
    var count = 0
    for path in paths {
        for file in filesToReplay(at: path) {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("cannot read \(file)")
                exit(1)
            }
            if let failure = check(data) {
                print("\(file): \(failure)")
                exit(1)
            }
            count += 1
        }
    }
    print("\(target): \(count) input(s) replayed, every check held")
}

/// `path` itself, or the files of the directory `path` sorted by name.
func filesToReplay(at path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        return [path]
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.sorted().map { path + "/" + $0 }
}
