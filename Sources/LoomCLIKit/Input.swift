import Foundation
import Loom

/// One input named on the command line: a file path, or `-` for standard input.
struct InputSource: Hashable {
    /// The argument as the user typed it.
    let argument: String

    var isStandardInput: Bool { argument == "-" }

    /// How diagnostics name the input.
    var displayName: String { isStandardInput ? "<stdin>" : argument }

    /// Reads the whole input, memory-mapping files where the file system allows it.
    ///
    /// - Throws: ``InputError`` with a one-line reason.
    func read(in context: CommandContext) throws(InputError) -> Data {
        if isStandardInput {
            do {
                return try context.readStandardInput()
            } catch {
                throw InputError(reason: ioFailureReason(error))
            }
        }
        var info = stat()
        guard stat(argument, &info) == 0 else { throw InputError(reason: posixReason(errno)) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            // Foundation on Linux reports a directory with a vague message; say what it is.
            throw InputError(reason: posixReason(EISDIR))
        }
        let url = URL(fileURLWithPath: argument)
        do {
            if type == S_IFREG {
                return try Data(contentsOf: url, options: .alwaysMapped)
            }
            // Pipes, FIFOs and devices such as /dev/stdin cannot be mapped, only read, and
            // only once: a failed mapping attempt would already have drained a FIFO's writer.
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.readToEnd() ?? Data()
        } catch {
            throw InputError(reason: ioFailureReason(error))
        }
    }
}

/// Why an input could not be read.
struct InputError: Error {
    let reason: String
}

/// A short, lowercase reason for a failed read or write, preferring the operating system's wording.
func ioFailureReason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return posixReason(Int32(underlying.code))
    }
    if nsError.domain == NSPOSIXErrorDomain {
        return posixReason(Int32(nsError.code))
    }
    if let cocoa = error as? CocoaError {
        switch cocoa.code {
        case .fileReadNoSuchFile, .fileNoSuchFile: return posixReason(ENOENT)
        case .fileReadNoPermission: return posixReason(EACCES)
        case .fileReadTooLarge: return posixReason(EFBIG)
        default: break
        }
    }
    return nsError.localizedDescription
}

/// `strerror` text in lowercase, matching the style of the core's messages.
func posixReason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text).lowercased()
}

/// Formats diagnostics in the `FILE:LINE:COLUMN: error: MESSAGE` shape editors and CI understand.
enum Diagnostic {
    /// The line for a JSON error; without a position it falls back to `FILE: error: MESSAGE`.
    static func line(for error: JSONError, in input: InputSource) -> String {
        if let line = error.line, let column = error.column {
            return "\(input.displayName):\(line):\(column): error: \(error.message)\n"
        }
        return line(reason: error.message, for: input.displayName)
    }

    /// The line for a problem with a whole file.
    static func line(reason: String, for name: String) -> String {
        "\(name): error: \(reason)\n"
    }
}
