import Foundation
import LoomMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the `Loom` module declares them; `@JSONModel` adds `JSONModel` conformance
/// (and `_JSONMapped`, whose defaults are a struct's document initializer and direct path).
let loomMacros: [String: MacroSpec] = [
    "JSONModel": MacroSpec(type: JSONModelMacro.self, conformances: ["JSONModel", "_JSONMapped"]),
    "JSONKey": MacroSpec(type: JSONMarkerMacro.self),
    "JSONIgnore": MacroSpec(type: JSONMarkerMacro.self),
    "JSONDefault": MacroSpec(type: JSONMarkerMacro.self),
    "JSONTransform": MacroSpec(type: JSONMarkerMacro.self),
    "JSONLenient": MacroSpec(type: JSONMarkerMacro.self),
    "JSONLossy": MacroSpec(type: JSONMarkerMacro.self),
    "JSONOmit": MacroSpec(type: JSONMarkerMacro.self),
    "JSONUnknownKeys": MacroSpec(type: JSONMarkerMacro.self),
    "JSONFlatten": MacroSpec(type: JSONMarkerMacro.self),
]

/// The macros as the compiler passes them for a type that already declares `JSONModel`.
let loomMacrosForDeclaredConformance = loomMacros.merging(
    ["JSONModel": MacroSpec(type: JSONModelMacro.self, conformances: ["_JSONMapped"])], uniquingKeysWith: { $1 })

/// swift-syntax's expansion assertion, reporting through swift-testing.
///
/// Failures about a `DiagnosticSpec` point at the spec; all others at the caller.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    macros: [String: MacroSpec] = loomMacros,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    recordExpansion(of: source, macros: macros, sourceLocation: sourceLocation)
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macros,
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            let location =
                failure.location.filePath == #filePath
                ? sourceLocation
                : Testing.SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath, line: failure.location.line,
                    column: failure.location.column)
            Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
        }
    )
}

/// With `LOOM_RECORD_EXPANSIONS` set to a file path, appends the actual expansion of `source`
/// to that file as one JSON line, for `scripts/record-expansions.py`, which writes it into the
/// test's `expandedSource` literal.
private func recordExpansion(of source: String, macros: [String: MacroSpec], sourceLocation: Testing.SourceLocation) {
    guard let path = ProcessInfo.processInfo.environment["LOOM_RECORD_EXPANSIONS"] else { return }
    let record: [String: Any] = [
        "file": sourceLocation.filePath, "line": sourceLocation.line, "text": expansion(of: source, macros: macros).text,
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: record) else { return }
    // Tests run in parallel: one record at a time, or two lines interleave.
    recordLock.lock()
    defer { recordLock.unlock() }
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    handle.seekToEndOfFile()
    handle.write(data + Data("\n".utf8))
    handle.closeFile()
}

private let recordLock = NSLock()

/// The expanded text of `source` and the diagnostics the expansion reported, for tests that
/// check a few lines of a long expansion.
func expansion(of source: String, macros: [String: MacroSpec] = loomMacros) -> (text: String, diagnostics: [String]) {
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(
        sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")])
    let expanded = file.expand(
        macroSpecs: macros,
        contextGenerator: { BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts()) },
        indentationWidth: .spaces(4))
    return (expanded.description, context.diagnostics.map(\.message))
}

/// Expects each of `expected` as a whole line of `text`, indentation aside.
func expectLines(_ expected: [String], in text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let lines = Set(text.split(separator: "\n").map { String($0.trimmingPrefix(while: \.isWhitespace)) })
    for line in expected {
        #expect(lines.contains(line), "missing: \(line)", sourceLocation: sourceLocation)
    }
}
