import ArgumentParser
import Foundation
import Loom

/// The root `loom` command: it only dispatches to its subcommands.
struct LoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loom",
        abstract: "Check and format JSON files, and generate Swift models from them.",
        discussion: """
            Exit status: 0 when every input is valid, 1 when an input is invalid or \
            unreadable, 2 for a usage error.
            """,
        // Every subcommand conforms to `LoomSubcommand`.
        subcommands: [ValidateCommand.self, FormatCommand.self, GenerateCommand.self, SchemaCommand.self])
}

/// A `loom` subcommand whose work runs against an injected ``CommandContext``.
///
/// ``LoomCLI/run(arguments:context:)`` parses the command line and calls ``execute(in:)``,
/// so a subcommand never touches the process's streams directly and tests can run it
/// in-process.
package protocol LoomSubcommand: ParsableCommand {
    /// Does the command's work and returns the exit status (see ``LoomExitCode``).
    ///
    /// - Throws: only for unexpected failures, which are reported as `loom: error: …` with
    ///   status 1; expected problems (invalid or unreadable input) are reported by the
    ///   command itself and returned as a status.
    func execute(in context: CommandContext) throws -> Int32
}

extension LoomSubcommand {
    /// Runs against the real standard streams, for callers that use ArgumentParser's own `main()`.
    ///
    /// - Throws: `ExitCode` carrying a non-zero status.
    package mutating func run() throws {
        let status = try execute(in: .process())
        if status != LoomExitCode.success { throw ExitCode(status) }
    }
}

/// Parsing options shared by every subcommand that reads JSON.
struct ParsingOptionGroup: ParsableArguments {
    @Flag(help: "Accept // and /* */ comments and trailing commas.")
    var relaxed = false

    @Option(help: ArgumentHelp("The deepest nesting of arrays and objects accepted.", valueName: "n"))
    var maxDepth: Int = JSONParsingOptions().maxDepth

    @Flag(help: "Treat a key repeated within one object as an error.")
    var rejectDuplicateKeys = false

    func validate() throws {
        guard maxDepth >= 1 else { throw ValidationError("--max-depth must be at least 1, got \(maxDepth).") }
    }

    /// The core's options for these flags.
    var options: JSONParsingOptions {
        var options = relaxed ? JSONParsingOptions.relaxed : JSONParsingOptions.strict
        options.maxDepth = maxDepth
        if rejectDuplicateKeys { options.duplicateKeys = .reject }
        return options
    }
}
