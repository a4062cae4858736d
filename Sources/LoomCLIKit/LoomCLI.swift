import ArgumentParser
import Foundation

/// Exit statuses shared by every `loom` subcommand.
package enum LoomExitCode {
    /// Every input was valid and every output was written.
    package static let success: Int32 = 0
    /// An input was invalid or could not be read, or an output could not be written.
    package static let failure: Int32 = 1
    /// The command line itself was wrong: unknown flag, missing file, bad option value.
    package static let usage: Int32 = 2
}

/// The streams a command talks to, injected so that tests run commands in-process.
///
/// ``process()`` wires them to the real standard streams; ``LoomCLI/run(arguments:standardInput:)``
/// captures them in memory.
package struct CommandContext {
    /// Reads all of standard input.
    package var readStandardInput: () throws -> Data
    /// Writes bytes to standard output. Commands call it once with their whole output.
    package var writeStandardOutput: ([UInt8]) throws -> Void
    /// Writes text to standard error.
    package var writeStandardError: (String) -> Void
    /// The width help text is wrapped to; `nil` uses the terminal's width.
    package var helpColumns: Int?
    /// The most bytes of line breaks and indentation `format` adds before refusing with an error.
    ///
    /// Pretty-printed output grows with depth × indentation per line, so a small but deeply
    /// nested input can ask for far more memory than the machine has; the rest of the output
    /// grows only linearly with the input.
    package var formatOutputLimit: Int

    /// Creates a context from its parts.
    package init(
        readStandardInput: @escaping () throws -> Data,
        writeStandardOutput: @escaping ([UInt8]) throws -> Void,
        writeStandardError: @escaping (String) -> Void,
        helpColumns: Int? = nil,
        formatOutputLimit: Int = CommandContext.defaultFormatOutputLimit
    ) {
        self.readStandardInput = readStandardInput
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.helpColumns = helpColumns
        self.formatOutputLimit = formatOutputLimit
    }

    /// A quarter of physical memory, at least 1 GiB: output, input copy and index must fit together.
    package static var defaultFormatOutputLimit: Int {
        let quarter = ProcessInfo.processInfo.physicalMemory / 4
        return max(1 << 30, Int(clamping: quarter))
    }

    /// The process's real standard input, output and error.
    package static func process() -> CommandContext {
        CommandContext(
            readStandardInput: {
                // `readToEnd()` throws on a read error where `readDataToEndOfFile()` would trap.
                try FileHandle.standardInput.readToEnd() ?? Data()
            },
            writeStandardOutput: { bytes in
                try FileHandle.standardOutput.write(contentsOf: bytes)
            },
            writeStandardError: { text in
                try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
            })
    }
}

/// What an in-process run of `loom` produced.
package struct CommandResult: Sendable, Hashable {
    /// The exit status the process would have had.
    package var exitCode: Int32
    /// Everything written to standard output.
    package var standardOutputBytes: [UInt8]
    /// Everything written to standard error.
    package var standardError: String

    /// Creates a result from its parts.
    package init(exitCode: Int32, standardOutputBytes: [UInt8], standardError: String) {
        self.exitCode = exitCode
        self.standardOutputBytes = standardOutputBytes
        self.standardError = standardError
    }

    /// Standard output as text.
    package var standardOutput: String { String(decoding: standardOutputBytes, as: UTF8.self) }
}

/// Entry points of the `loom` command-line tool.
package enum LoomCLI {
    /// Parses `arguments` (without the program name), runs the chosen subcommand and returns its exit status.
    ///
    /// Usage errors print ArgumentParser's message and usage on standard error and return
    /// ``LoomExitCode/usage``; `--help` prints on standard output and returns success.
    /// Never throws: every failure becomes a message and an exit status.
    package static func run(arguments: [String], context: CommandContext) -> Int32 {
        let parsed: any ParsableCommand
        do {
            parsed = try LoomCommand.parseAsRoot(arguments)
        } catch {
            return report(error, context: context)
        }
        if let subcommand = parsed as? any LoomSubcommand {
            do {
                return try subcommand.execute(in: context)
            } catch {
                context.writeStandardError("loom: error: \(error)\n")
                return LoomExitCode.failure
            }
        }
        if parsed is LoomCommand {
            // A bare `loom` names no subcommand: a usage error, not a request for help.
            context.writeStandardError(LoomCommand.helpMessage(columns: context.helpColumns) + "\n")
            return LoomExitCode.usage
        }
        // Built-in commands such as `loom help validate` report through a thrown CleanExit.
        do {
            var command = parsed
            try command.run()
            return LoomExitCode.success
        } catch {
            return report(error, context: context)
        }
    }

    /// Runs `loom` in-process with `standardInput` and returns the exit status and captured output.
    ///
    /// Help text is wrapped at 80 columns so that it does not depend on the terminal.
    package static func run(
        arguments: [String], standardInput: Data = Data(), formatOutputLimit: Int = CommandContext.defaultFormatOutputLimit
    ) -> CommandResult {
        let capture = Capture()
        let context = CommandContext(
            readStandardInput: { standardInput },
            writeStandardOutput: { capture.output.append(contentsOf: $0) },
            writeStandardError: { capture.error += $0 },
            helpColumns: 80,
            formatOutputLimit: formatOutputLimit)
        let code = run(arguments: arguments, context: context)
        return CommandResult(exitCode: code, standardOutputBytes: capture.output, standardError: capture.error)
    }

    /// Runs `loom` with the process's arguments and streams, then exits with its status.
    package static func main() -> Never {
        exit(run(arguments: Array(CommandLine.arguments.dropFirst()), context: .process()))
    }

    /// Maps an ArgumentParser error to output and an exit status; usage errors become 2, not EX_USAGE (64).
    static func report(_ error: any Error, context: CommandContext) -> Int32 {
        let message = LoomCommand.fullMessage(for: error, columns: context.helpColumns)
        if LoomCommand.exitCode(for: error) == .success {
            if !message.isEmpty { try? context.writeStandardOutput(Array((message + "\n").utf8)) }
            return LoomExitCode.success
        }
        if !message.isEmpty { context.writeStandardError(message + "\n") }
        return LoomExitCode.usage
    }
}

/// Collects in-process output; used only on the thread that runs the command.
private final class Capture {
    var output: [UInt8] = []
    var error = ""
}
