import ArgumentParser
import Foundation
import Loom

/// `loom format FILE`: re-writes a JSON document, keeping every number exactly as written.
struct FormatCommand: LoomSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Pretty-print or compact a JSON file.",
        discussion: """
            Numbers are written exactly as they appear in the input. Invalid input is reported \
            as FILE:LINE:COLUMN: error: MESSAGE on standard error with exit status 1.
            """)

    static let defaultIndent = 2
    static let indentRange = 0...16

    @OptionGroup var parsing: ParsingOptionGroup

    @Option(help: ArgumentHelp("Spaces per nesting level (default: \(FormatCommand.defaultIndent)).", valueName: "n"))
    var indent: Int?

    @Flag(help: "Write object members sorted by key.")
    var sortKeys = false

    @Flag(help: "Write everything on one line, without spaces.")
    var compact = false

    @Flag(name: .customLong("escape-non-ascii"), help: "Write every non-ASCII character as a \\u escape.")
    var escapeNonASCII = false

    @Flag(help: "Write '/' as '\\/'.")
    var escapeSlashes = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Argument(help: ArgumentHelp("The file to format; '-' reads standard input.", valueName: "file"))
    var file: String

    init() {}

    func validate() throws {
        if let indent {
            guard !compact else { throw ValidationError("--indent cannot be combined with --compact.") }
            guard Self.indentRange.contains(indent) else {
                throw ValidationError(
                    "--indent must be between \(Self.indentRange.lowerBound) and \(Self.indentRange.upperBound), got \(indent).")
            }
        }
    }

    var writingOptions: JSONWritingOptions {
        var options = compact ? JSONWritingOptions.compact : JSONWritingOptions.pretty(indentWidth: indent ?? Self.defaultIndent)
        options.sortedKeys = sortKeys
        options.escapeNonASCII = escapeNonASCII
        options.escapeSlashes = escapeSlashes
        // Anything the parser accepted must also be writable.
        options.maxDepth = parsing.maxDepth
        return options
    }

    func execute(in context: CommandContext) throws -> Int32 {
        let input = InputSource(argument: file)
        let data: Data
        do {
            data = try input.read(in: context)
        } catch {
            context.writeStandardError(Diagnostic.line(reason: error.reason, for: input.displayName))
            return LoomExitCode.failure
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: data, options: parsing.options)
        } catch {
            context.writeStandardError(Diagnostic.line(for: error, in: input))
            return LoomExitCode.failure
        }
        let options = writingOptions
        if OutputEstimate.prettyOverheadExceeds(context.formatOutputLimit, document: document, options: options) {
            context.writeStandardError(Diagnostic.line(
                reason: "pretty-printed output would need more than \(context.formatOutputLimit) bytes of line breaks "
                    + "and indentation; use --compact or a smaller --indent",
                for: input.displayName))
            return LoomExitCode.failure
        }
        var bytes: [UInt8]
        do {
            bytes = try document.formatted(options: options)
        } catch {
            context.writeStandardError(Diagnostic.line(for: error, in: input))
            return LoomExitCode.failure
        }
        bytes.append(UInt8(ascii: "\n"))
        return write(bytes, in: context)
    }

    private func write(_ bytes: [UInt8], in context: CommandContext) -> Int32 {
        guard let output else {
            do {
                try context.writeStandardOutput(bytes)
                return LoomExitCode.success
            } catch {
                context.writeStandardError(Diagnostic.line(reason: ioFailureReason(error), for: "<stdout>"))
                return LoomExitCode.failure
            }
        }
        do {
            // Atomic, so that formatting a file onto itself never leaves it half written.
            try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
            return LoomExitCode.success
        } catch {
            context.writeStandardError(Diagnostic.line(reason: ioFailureReason(error), for: output))
            return LoomExitCode.failure
        }
    }
}

/// Bounds the size of formatted output before any of it is built.
enum OutputEstimate {
    /// Whether pretty-printing would add more than `limit` bytes of line breaks and indentation.
    ///
    /// The rest of the output is never longer than three times the input (a 2-byte UTF-8
    /// scalar becomes a 6-byte `\u` escape), which is already in memory. Indentation is
    /// different: a newline and depth × indent spaces per value and per closing bracket turn
    /// a 1 KB input nested 500 deep into megabytes, so it is counted exactly, by walking the
    /// index, and a `true` answer means the output really is that large.
    static func prettyOverheadExceeds(_ limit: Int, document: JSONDocument, options: JSONWritingOptions) -> Bool {
        guard options.prettyPrinted else { return false }
        // Cheap bound first: every node at the deepest level the parser allowed, twice.
        let deepest = Double(min(document.options.maxDepth, document.nodeCount))
        let roughBound = 2 * Double(document.nodeCount) * (2 + deepest * Double(options.indentWidth))
        if roughBound <= Double(limit) { return false }
        return withExtendedLifetime(document) {
            prettyOverhead(of: document.root, indent: options.indentWidth, exceeds: limit)
        }
    }

    /// Walks the values iteratively (the nesting may be a million deep), stopping once over `budget`.
    private static func prettyOverhead(of root: JSONElement, indent: Int, exceeds budget: Int) -> Bool {
        enum Frame {
            case array(JSONElement.Elements.Iterator)
            case object(JSONElement.Members.Iterator)
        }
        func frame(for element: JSONElement) -> Frame? {
            guard element.count > 0 else { return nil }
            switch element.kind {
            case .array: return .array(element.elements.makeIterator())
            case .object: return .object(element.members.makeIterator())
            default: return nil
            }
        }
        var total = 0
        var stack: [Frame] = []
        if let first = frame(for: root) {
            stack.append(first)
            total += 1  // the newline before the root's closing bracket
        }
        while let top = stack.popLast() {
            var next: JSONElement?
            var separator = 0
            switch top {
            case .array(var iterator):
                next = iterator.next()
                if next != nil { stack.append(.array(iterator)) }
            case .object(var iterator):
                next = iterator.next()?.value
                separator = 1  // the space after ':'
                if next != nil { stack.append(.object(iterator)) }
            }
            guard let child = next else { continue }
            // The parent is back on the stack, so its size is the child's depth.
            let line = 1 + stack.count * indent
            total += line + separator
            if let nested = frame(for: child) {
                stack.append(nested)
                total += line  // its closing bracket goes on a line of its own
            }
            if total > budget { return true }
        }
        return false
    }
}
