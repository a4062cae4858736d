import ArgumentParser
import Foundation
import Loom

/// `loom schema FILE...`: the JSON Schema of the models `loom generate` makes from samples.
struct SchemaCommand: LoomSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (Draft 2020-12) inferred from JSON samples.",
        discussion: """
            The schema is the one the models 'loom generate' writes for the same samples and \
            options state as their jsonSchema: both come from one description of the samples, \
            so every sample validates against it. Invalid input is reported as \
            FILE:LINE:COLUMN: error: MESSAGE with exit status 1.
            """)

    @OptionGroup var parsing: ParsingOptionGroup

    @Option(help: ArgumentHelp("The name of the root type (the title of its definition).", valueName: "type"))
    var name = "Root"

    @Flag(inversion: .prefixedNo, help: "Infer date-time strings for RFC 3339 date strings.")
    var dates = true

    @Flag(inversion: .prefixedNo, help: "Infer uri strings for absolute URL strings.")
    var urls = true

    @Flag(inversion: .prefixedNo, help: "Infer uuid strings for uppercase UUID strings.")
    var uuids = true

    @Flag(help: "Infer enums and tagged unions as 'loom generate --enums' does.")
    var enums = false

    @Option(help: ArgumentHelp("Objects with this many keys or more whose values have one shape are maps.", valueName: "n"))
    var mapThreshold = ShapeRules.defaultMapThreshold

    @Argument(help: ArgumentHelp("Sample JSON files; '-' reads standard input.", valueName: "file"))
    var files: [String] = []

    init() {}

    /// The engine `loom generate` runs, with these inference options.
    var generator: ModelGenerator {
        var inference = InferenceOptions()
        inference.detectsDates = dates
        inference.detectsURLs = urls
        inference.detectsUUIDs = uuids
        inference.detectsEnums = enums
        var generator = ModelGenerator(rootName: name, inference: inference)
        generator.rules.mapThreshold = mapThreshold
        generator.rules.detectsEnums = enums
        return generator
    }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Missing expected argument '<file> ...'") }
        guard files.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("'-' (standard input) can be given only once.")
        }
        guard TypeNaming.isPlainIdentifier(name) else {
            throw ValidationError("--name must be letters, digits and '_', not starting with a digit, got '\(name)'.")
        }
        guard mapThreshold >= 1 else { throw ValidationError("--map-threshold must be at least 1, got \(mapThreshold).") }
    }

    func execute(in context: CommandContext) throws -> Int32 {
        guard let samples = GenerateCommand.readSamples(files, options: parsing.options, in: context) else {
            return LoomExitCode.failure
        }
        let (schema, warnings) = generator.analyze(samples.map(\.document))
        for warning in warnings { context.writeStandardError("warning: \(warning)\n") }
        var writer = JSONWriter(options: .pretty())
        try writer.write(SchemaExporter(schema: schema).document)
        try context.writeStandardOutput(Array((writer.string + "\n").utf8))
        return LoomExitCode.success
    }
}
