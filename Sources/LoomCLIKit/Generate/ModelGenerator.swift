import Loom

/// The engine behind `loom generate`: parsed samples in, Swift source out.
///
/// ```swift
/// let document = try JSONDocument(parsing: data)
/// let source = ModelGenerator(rootName: "Issue").source(for: [("issue.json", document)])
/// ```
///
/// The stages: observe every sample into one tree of places (``SchemaObserver``), decide maps
/// and merge places that hold the same record (``SchemaUnifier``), give each place a type and
/// name the models (``ModelBuilder``), write Swift (``SwiftEmitter``). The same input always
/// gives the same bytes.
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

    /// The schema for `samples`: all of them describe one kind of document.
    func schema(for samples: [JSONDocument]) -> GeneratedSchema {
        let root = Shape()
        for document in samples {
            let observer = SchemaObserver(
                options: inference, keepsFirstDuplicate: document.options.duplicateKeys == .useFirst)
            withExtendedLifetime(document) { observer.observe(document.root, into: root) }
        }
        SchemaUnifier.unify(root)
        return ModelBuilder.build(root: root, rootName: rootName, prefix: prefix, namespace: namespace)
    }

    /// Swift source for `samples`, each named (in doc comments) as given.
    func source(for samples: [(name: String, document: JSONDocument)]) -> String {
        let schema = schema(for: samples.map(\.document))
        var names: [String] = []
        for sample in samples where !names.contains(sample.name) { names.append(sample.name) }
        return SwiftEmitter(access: access, generatesClasses: generatesClasses, sources: names, namespace: namespace)
            .source(for: schema)
    }
}
