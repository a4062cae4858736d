import ArgumentParser
import Foundation
import Loom

extension GeneratedAccess: ExpressibleByArgument {}

/// `loom generate FILE... [--name Root]`: Swift models for JSON samples.
struct GenerateCommand: LoomSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift models (@JSONModel structs or final classes) from JSON samples.",
        discussion: """
            Every file is a sample of the same document; together they decide which fields \
            are optional and what type each holds. The generated code decodes every sample \
            and encodes it back to the same JSON (members that were null aside). For a \
            top-level array the root type is the element type: decode with [Root](jsonData:). \
            Invalid input is reported as FILE:LINE:COLUMN: error: MESSAGE with exit status 1.
            """)

    @OptionGroup var parsing: ParsingOptionGroup

    @Option(help: ArgumentHelp("The name of the root type.", valueName: "type"))
    var name = "Root"

    @Option(help: ArgumentHelp("Put this before every type name, the root's included.", valueName: "prefix"))
    var prefix = ""

    @Option(
        help: ArgumentHelp(
            "Declare every type inside 'enum <name> { … }', so that models of several documents can share a module.",
            valueName: "name"))
    var namespace: String?

    @Option(help: ArgumentHelp("The access level of the declarations.", valueName: "level"))
    var access = GeneratedAccess.internal

    @Flag(name: .customLong("class"), help: "Generate final classes with let properties instead of structs.")
    var generatesClasses = false

    @Flag(inversion: .prefixedNo, help: "Use Date (with @JSONTransform(.iso8601)) for RFC 3339 date strings.")
    var dates = true

    @Flag(inversion: .prefixedNo, help: "Use URL for absolute URL strings.")
    var urls = true

    @Flag(inversion: .prefixedNo, help: "Use UUID for uppercase UUID strings.")
    var uuids = true

    @Flag(
        help: """
            Make small closed sets of strings enums that keep unknown values, and objects told apart \
            by a 'type' or 'kind' member polymorphic enums.
            """)
    var enums = false

    @Option(
        help: ArgumentHelp(
            "Objects with this many keys or more whose values have one shape are maps ([String: T]).",
            valueName: "n"))
    var mapThreshold = ShapeRules.defaultMapThreshold

    @Option(
        name: .customLong("map"),
        help: ArgumentHelp(
            "Make the objects at this place a map, e.g. 'pagination' or 'data.items[]' (repeatable; see the Generating models article).",
            valueName: "path"))
    var mapPaths: [String] = []

    @Option(
        name: .customLong("no-map"),
        help: ArgumentHelp("Make the objects at this place a struct, never a map (repeatable).", valueName: "path"))
    var recordPaths: [String] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Write to this file instead of standard output (with --file-per-type, into this directory).",
            valueName: "path"))
    var output: String?

    @Flag(help: "With --output DIR, write each top-level type to its own file, DIR/<Type>.swift.")
    var filePerType = false

    @Option(
        help: ArgumentHelp(
            "Generate from this JSON Schema (Draft 2020-12 or draft-07) instead of samples; '-' reads standard input.",
            valueName: "file"))
    var schema: String?

    @Argument(help: ArgumentHelp("Sample JSON files; '-' reads standard input.", valueName: "file"))
    var files: [String] = []

    init() {}

    func validate() throws {
        if let schema {
            guard files.isEmpty else {
                throw ValidationError("--schema \(schema) and sample files cannot be given together.")
            }
            for (flag, given) in [("--enums", enums), ("--map", !mapPaths.isEmpty), ("--no-map", !recordPaths.isEmpty)]
            where given {
                throw ValidationError("\(flag) applies to samples, not to --schema.")
            }
        } else if files.isEmpty {
            throw ValidationError("Missing expected argument '<file> ...'")
        }
        guard files.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("'-' (standard input) can be given only once.")
        }
        guard prefix.isEmpty || TypeNaming.isPlainIdentifier(prefix) else {
            throw ValidationError("--prefix must be letters, digits and '_', not starting with a digit, got '\(prefix)'.")
        }
        guard TypeNaming.isPlainIdentifier(name), TypeNaming.isUsableTypeName(prefix + name) else {
            throw ValidationError(
                "--name must be a Swift type name that Loom or Foundation does not use, got '\(prefix + name)'.")
        }
        guard !filePerType || output != nil else {
            throw ValidationError("--file-per-type needs --output DIR, the directory to write the files to.")
        }
        guard mapThreshold >= 1 else { throw ValidationError("--map-threshold must be at least 1, got \(mapThreshold).") }
        for (flag, paths) in [("--map", mapPaths), ("--no-map", recordPaths)] {
            for path in paths {
                do {
                    _ = try PlacePath(parsing: path)
                } catch {
                    throw ValidationError("\(flag) '\(path)' is not a path: \(error.message).")
                }
            }
        }
        if let namespace {
            guard TypeNaming.isPlainIdentifier(namespace), TypeNaming.isUsableTypeName(namespace) else {
                throw ValidationError(
                    "--namespace must be a Swift type name that Loom or Foundation does not use, got '\(namespace)'.")
            }
            guard namespace != prefix + name else {
                throw ValidationError("--namespace and the root type cannot both be named '\(namespace)'.")
            }
        }
    }

    var generator: ModelGenerator {
        var inference = InferenceOptions()
        inference.detectsDates = dates
        inference.detectsURLs = urls
        inference.detectsUUIDs = uuids
        inference.detectsEnums = enums
        var generator = ModelGenerator(
            rootName: name, inference: inference, access: access, prefix: prefix, generatesClasses: generatesClasses,
            namespace: namespace)
        generator.rules.mapThreshold = mapThreshold
        generator.rules.detectsEnums = enums
        // Checked in validate().
        generator.mapPaths = mapPaths.compactMap { try? PlacePath(parsing: $0) }
        generator.recordPaths = recordPaths.compactMap { try? PlacePath(parsing: $0) }
        return generator
    }

    func execute(in context: CommandContext) throws -> Int32 {
        if let schema { return generate(fromSchema: InputSource(argument: schema), in: context) }
        guard let samples = Self.readSamples(files, options: parsing.options, in: context) else { return LoomExitCode.failure }
        let (schema, warnings) = generator.analyze(samples.map(\.document))
        for warning in warnings { context.writeStandardError("warning: \(warning)\n") }
        return write(schema, sources: samples.map(\.name), in: context)
    }

    /// Parses every sample file; `nil` after reporting each one that is unreadable or invalid.
    static func readSamples(_ files: [String], options: JSONParsingOptions, in context: CommandContext)
        -> [(name: String, document: JSONDocument)]?
    {
        var samples: [(name: String, document: JSONDocument)] = []
        var failed = false
        for input in files.map(InputSource.init(argument:)) {
            do {
                let data = try input.read(in: context)
                do {
                    samples.append((Self.sourceName(input), try JSONDocument(parsing: data, options: options)))
                } catch {
                    context.writeStandardError(Diagnostic.line(for: error, in: input))
                    failed = true
                }
            } catch {
                context.writeStandardError(Diagnostic.line(reason: error.reason, for: input.displayName))
                failed = true
            }
        }
        return failed ? nil : samples
    }

    /// `--schema FILE`: models from a JSON Schema. Invalid JSON is reported as for samples;
    /// what the models cannot express is a warning, `FILE: warning: POINTER: MESSAGE`.
    private func generate(fromSchema input: InputSource, in context: CommandContext) -> Int32 {
        let document: JSONValue
        do {
            let data = try input.read(in: context)
            do {
                // An element reads its document's storage without keeping the document alive.
                let parsed = try JSONDocument(parsing: data, options: parsing.options)
                document = withExtendedLifetime(parsed) { JSONValue(element: parsed.root) }
            } catch {
                context.writeStandardError(Diagnostic.line(for: error, in: input))
                return LoomExitCode.failure
            }
        } catch {
            context.writeStandardError(Diagnostic.line(reason: error.reason, for: input.displayName))
            return LoomExitCode.failure
        }
        guard document.objectValue != nil || document.boolValue != nil else {
            context.writeStandardError(
                Diagnostic.line(reason: "not a JSON Schema: the document is not an object or a Boolean", for: input.displayName))
            return LoomExitCode.failure
        }
        let (schema, warnings) = generator.importSchema(document)
        for warning in warnings { context.writeStandardError("\(input.displayName): warning: \(warning)\n") }
        return write(schema, sources: [Self.sourceName(input)], fromSchema: true, in: context)
    }

    /// Writes the models to standard output, `--output FILE`, or `--output DIR` with
    /// `--file-per-type`.
    private func write(
        _ schema: GeneratedSchema, sources: [String], fromSchema: Bool = false, in context: CommandContext
    ) -> Int32 {
        var emitter = generator.emitter(sources: sources)
        emitter.fromSchema = fromSchema
        if filePerType, let output { return write(emitter.files(for: schema), into: output, in: context) }
        return write(Array(emitter.source(for: schema).utf8), in: context)
    }

    /// Writes each file (atomically) into `directory`, creating it if needed; files already
    /// there that the output does not name are left alone.
    private func write(_ files: [(name: String, contents: String)], into directory: String, in context: CommandContext) -> Int32 {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            context.writeStandardError(Diagnostic.line(reason: posixReason(ENOTDIR), for: directory))
            return LoomExitCode.failure
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            context.writeStandardError(Diagnostic.line(reason: ioFailureReason(error), for: directory))
            return LoomExitCode.failure
        }
        for file in files {
            let target = url.appendingPathComponent(file.name)
            do {
                try Data(file.contents.utf8).write(to: target, options: .atomic)
            } catch {
                context.writeStandardError(Diagnostic.line(reason: ioFailureReason(error), for: target.path))
                return LoomExitCode.failure
            }
        }
        return LoomExitCode.success
    }

    /// How doc comments name an input: its file name, so output does not depend on where it ran.
    static func sourceName(_ input: InputSource) -> String {
        input.isStandardInput ? "standard input" : URL(fileURLWithPath: input.argument).lastPathComponent
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
            try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
            return LoomExitCode.success
        } catch {
            context.writeStandardError(Diagnostic.line(reason: ioFailureReason(error), for: output))
            return LoomExitCode.failure
        }
    }
}
