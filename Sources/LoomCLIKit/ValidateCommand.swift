import ArgumentParser
import Foundation
import Loom

/// `loom validate FILE...`: checks that every input is JSON.
struct ValidateCommand: LoomSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that files are valid JSON.",
        discussion: """
            Prints FILE:LINE:COLUMN: error: MESSAGE on standard error for each invalid input \
            and exits with 1; exits with 0 when every input is valid.
            """)

    @OptionGroup var parsing: ParsingOptionGroup

    @Flag(name: .shortAndLong, help: "Print no diagnostics; report only through the exit status.")
    var quiet = false

    @Argument(help: ArgumentHelp("The files to check; '-' reads standard input.", valueName: "file"))
    var files: [String]

    init() {}

    func validate() throws {
        guard !files.isEmpty else {
            throw ValidationError("Missing a file to check; pass '-' to read standard input.")
        }
        guard files.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("'-' (standard input) can be given only once.")
        }
    }

    func execute(in context: CommandContext) throws -> Int32 {
        let options = parsing.options
        var status = LoomExitCode.success
        for input in files.map(InputSource.init(argument:)) {
            if let diagnostic = check(input, options: options, context: context) {
                status = LoomExitCode.failure
                if !quiet { context.writeStandardError(diagnostic) }
            }
        }
        return status
    }

    /// Returns the diagnostic for an invalid or unreadable input, `nil` when it is valid.
    private func check(_ input: InputSource, options: JSONParsingOptions, context: CommandContext) -> String? {
        let data: Data
        do {
            data = try input.read(in: context)
        } catch {
            return Diagnostic.line(reason: error.reason, for: input.displayName)
        }
        do {
            _ = try JSONDocument(parsing: data, options: options)
            return nil
        } catch {
            return Diagnostic.line(for: error, in: input)
        }
    }
}
