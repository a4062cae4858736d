import Loom

/// The engine behind `loom generate`: parsed samples in, Swift source out.
///
/// ```swift
/// let document = try JSONDocument(parsing: data)
/// let source = ModelGenerator(rootName: "Issue").source(for: [("issue.json", document)])
/// ```
///
/// The stages: observe every sample into one tree of places (``SchemaObserver``), apply
/// `--map`/`--no-map` and judge places reached through the same key together
/// (``ShapeRules/decideTogether(_:)``), with `--enums` read the samples again for objects
/// told apart by a tag (``PolymorphismFinder``), merge places that hold the same record
/// (``SchemaUnifier``), give each place a type (``ModelBuilder``), name the models
/// (``ModelDrafts``, ``TypeNamer``), write Swift (``SwiftEmitter``). A JSON Schema takes the
/// place of the first stages (``SchemaImporter``). The same input always gives the same bytes.
struct ModelGenerator {
    var rootName = "Root"
    var inference = InferenceOptions()
    var access = GeneratedAccess.internal
    /// Put before every type name (`--prefix`).
    var prefix = ""
    /// Emit `final class` models (`--class`).
    var generatesClasses = false
    /// Declare every type inside `enum Namespace { … }` (`--namespace`).
    var namespace: String? = nil

    /// Which objects are maps and which places merge (`--map-threshold`).
    var rules = ShapeRules()
    /// Places whose objects are maps (`--map`), or records (`--no-map`), whatever the rules say.
    var mapPaths: [PlacePath] = []
    var recordPaths: [PlacePath] = []

    /// The schema for `samples`: all of them describe one kind of document.
    func schema(for samples: [JSONDocument]) -> GeneratedSchema {
        analyze(samples).schema
    }

    /// The schema for `samples`, and warnings about options that did not apply (a `--map`
    /// path that reaches no object).
    func analyze(_ samples: [JSONDocument]) -> (schema: GeneratedSchema, warnings: [String]) {
        let root = Shape()
        for document in samples {
            let observer = SchemaObserver(
                options: inference, keepsFirstDuplicate: document.options.duplicateKeys == .useFirst)
            withExtendedLifetime(document) { observer.observe(document.root, into: root) }
        }
        var warnings: [String] = []
        for (paths, flag, isMap) in [(mapPaths, "--map", true), (recordPaths, "--no-map", false)] {
            for path in paths {
                let objects = path.places(in: root).filter { $0.objects > 0 }
                if objects.isEmpty { warnings.append("\(flag) \(path): no object in the samples is at this path") }
                for shape in objects { shape.forcedMap = isMap }
            }
        }
        rules.decideTogether(root)
        if inference.detectsEnums {
            PolymorphismFinder(rules: rules, options: inference).find(in: root, samples: samples)
        }
        SchemaUnifier(rules: rules).unify(root)
        let schema = ModelBuilder.build(root: root, rootName: rootName, prefix: prefix, namespace: namespace, rules: rules)
        return (schema, warnings)
    }

    /// Swift source for `samples`, each named (in doc comments) as given.
    func source(for samples: [(name: String, document: JSONDocument)]) -> String {
        output(for: samples).source
    }

    /// The schema for the JSON Schema `document` (`--schema`), and warnings about what it says
    /// that the models cannot (each `POINTER: MESSAGE`).
    func importSchema(_ document: JSONValue) -> (schema: GeneratedSchema, warnings: [String]) {
        var importer = SchemaImporter(document: document, options: inference)
        let root = importer.importRoot(name: rootName)
        let type: FieldType = root.nullable && root.type != .json ? .optional(root.type) : root.type
        let schema = importer.drafts.schema(root: type, rootName: rootName, prefix: prefix, namespace: namespace)
        return (schema, importer.warnings)
    }

    /// Swift source for `samples`, each named (in doc comments) as given, and warnings.
    func output(for samples: [(name: String, document: JSONDocument)]) -> (source: String, warnings: [String]) {
        let (schema, warnings) = analyze(samples.map(\.document))
        return (emitter(sources: samples.map(\.name)).source(for: schema), warnings)
    }

    /// The emitter for these options; `sources` name the inputs in doc comments.
    func emitter(sources: [String]) -> SwiftEmitter {
        var names: [String] = []
        for name in sources where !names.contains(name) { names.append(name) }
        return SwiftEmitter(access: access, generatesClasses: generatesClasses, sources: names, namespace: namespace)
    }
}
