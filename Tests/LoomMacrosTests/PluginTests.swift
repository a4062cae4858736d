import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftIfConfig
import SwiftParser
import SwiftSyntax
import Testing

@testable import LoomMacros

/// The plugin's own message handling: the macros it resolves, the build configuration it
/// hands swift-syntax and the markers it answers itself. (Every model the other test targets compile goes through the whole
/// plugin, its pipe included.)
@Suite("Macro plugin: messages")
struct PluginTests {
    /// Keeps what reaches swift-syntax's handler.
    final class Recorder: PluginMessageHandler {
        var configurations: [String?] = []

        func handleMessage(_ message: HostToPluginMessage) -> PluginToHostMessage {
            if case .expandAttachedMacro(_, _, _, _, _, _, _, _, _, let configuration) = message {
                configurations.append(configuration)
            }
            return .expandMacroResult(expandedSource: "", diagnostics: [])
        }

        func shutDown() throws {}
    }

    static var location: PluginMessage.SourceLocation { .init(fileID: "App/Model.swift", fileName: "/App/Model.swift", offset: 0, line: 1, column: 1) }

    static func expansion(of declaration: String, configuration: String?, in parent: String? = nil) -> HostToPluginMessage {
        .expandAttachedMacro(
            macro: .init(moduleName: "LoomMacros", typeName: "JSONModelMacro", name: "JSONModel"),
            macroRole: .member,
            discriminator: "$s3App5ModelV9JSONModelfMm_",
            attributeSyntax: .init(kind: .attribute, source: "@JSONModel", location: location),
            declSyntax: .init(kind: .declaration, source: declaration, location: location),
            parentDeclSyntax: nil, extendedTypeSyntax: nil, conformanceListSyntax: nil,
            lexicalContext: parent.map { [.init(kind: .declaration, source: $0, location: location)] } ?? [],
            staticBuildConfiguration: configuration)
    }

    static func configuration(features: [String], languageMode: VersionTuple) throws -> String {
        let full = StaticBuildConfiguration(
            customConditions: ["DEBUG", "SWIFT_PACKAGE"], features: Set(features),
            attributes: ["available", "frozen", "inlinable"], targetOSs: ["Linux"],
            languageVersion: languageMode, compilerVersion: VersionTuple(6, 3, 1))
        return String(decoding: try JSONEncoder().encode(full), as: UTF8.self)
    }

    @Test func theParserGetsTheLanguageModeAndItsExperimentalFeaturesOnly() throws {
        let recorder = Recorder()
        let handler = ConfigurationCondensingHandler(recorder)
        let full = try Self.configuration(
            features: ["Macros", "TrailingComma", "GlobalActors", "DoExpressions"], languageMode: VersionTuple(5, 10))
        _ = handler.handleMessage(Self.expansion(of: "@JSONModel struct Model {}", configuration: full))

        let condensed = try #require(recorder.configurations.first ?? nil)
        #expect(condensed.utf8.count < full.utf8.count)
        let received = try JSONDecoder().decode(StaticBuildConfiguration.self, from: Data(condensed.utf8))
        #expect(received.features == ["TrailingComma", "DoExpressions"])
        #expect(received.attributes.isEmpty)
        #expect(received.languageMode.components == [5, 10])
        #expect(received.compilerVersion.components == [6, 3, 1])
        #expect(received.parserSwiftVersion == .v5)
    }

    @Test func oneConfigurationListedInAnotherOrderIsCondensedAlike() throws {
        let recorder = Recorder()
        let handler = ConfigurationCondensingHandler(recorder)
        let features = ["Macros", "TrailingComma", "GlobalActors", "DoExpressions", "ValueGenerics"]
        for order in [features, features.reversed(), features.shuffled()] {
            let configuration = try Self.configuration(features: order, languageMode: VersionTuple(6))
            _ = handler.handleMessage(Self.expansion(of: "@JSONModel struct Model {}", configuration: configuration))
        }
        let other = try Self.configuration(features: ["Macros"], languageMode: VersionTuple(6))
        _ = handler.handleMessage(Self.expansion(of: "@JSONModel struct Model {}", configuration: other))

        #expect(recorder.configurations.count == 4)
        #expect(Set(recorder.configurations.prefix(3)).count == 1)
        #expect(recorder.configurations[3] != recorder.configurations[0])
    }

    @Test func anUnreadableConfigurationIsLeftOut() {
        let recorder = Recorder()
        let handler = ConfigurationCondensingHandler(recorder)
        _ = handler.handleMessage(Self.expansion(of: "@JSONModel struct Model {}", configuration: "{\"languageMode\":"))
        _ = handler.handleMessage(Self.expansion(of: "@JSONModel struct Model {}", configuration: nil))
        #expect(recorder.configurations == [nil, nil])
    }

    @Test func aModelExpandsThroughTheWholeHandler() throws {
        let handler = ConfigurationCondensingHandler(PluginProviderMessageHandler(provider: LoomMacroProvider()))
        guard case .getCapabilityResult = handler.handleMessage(.getCapability(capability: .init(protocolVersion: 7))) else {
            Issue.record("no capability")
            return
        }
        let configuration = try Self.configuration(features: ["Macros"], languageMode: VersionTuple(6))
        let model = "@JSONModel\nstruct Model {\n    var name: String\n}"
        // The messages as the pipe carries them: Foundation's coders both ways.
        func answer(_ message: HostToPluginMessage) throws -> PluginToHostMessage {
            let received = try JSONDecoder().decode(HostToPluginMessage.self, from: try JSONEncoder().encode(message))
            let response = handler.handleMessage(received)
            return try JSONDecoder().decode(PluginToHostMessage.self, from: try JSONEncoder().encode(response))
        }

        // In a namespace, the body holds the mapping.
        let nested = try answer(Self.expansion(of: model, configuration: configuration, in: "enum App {\n}"))
        guard case .expandMacroResult(let source?, let diagnostics) = nested else {
            Issue.record("no expansion: \(nested)")
            return
        }
        #expect(diagnostics.isEmpty)
        #expect(source.contains("static let _loomKeys = Loom._JSONKeySet([\"name\"])"))

        // At file scope the extension holds it, and the body's empty expansion is no expansion.
        let atFileScope = try answer(Self.expansion(of: model, configuration: configuration))
        guard case .expandMacroResult(let none, let noDiagnostics) = atFileScope else {
            Issue.record("no answer: \(atFileScope)")
            return
        }
        #expect(none == nil)
        #expect(noDiagnostics.isEmpty)
    }

    /// A request for the marker `name` on `member`, inside `parent` (as the compiler sends it,
    /// without its members).
    static func markerExpansion(_ name: String, on member: String, in parent: String?) -> HostToPluginMessage {
        .expandAttachedMacro(
            macro: .init(moduleName: "LoomMacros", typeName: "JSONMarkerMacro", name: name),
            macroRole: .peer,
            discriminator: "$s3App5ModelV4name\(name)fMp_",
            attributeSyntax: .init(kind: .attribute, source: "@\(name)(\"n\") ", location: location),
            declSyntax: .init(kind: .declaration, source: "@\(name)(\"n\") var name: String", location: location),
            parentDeclSyntax: nil, extendedTypeSyntax: nil, conformanceListSyntax: nil,
            lexicalContext: parent.map { [.init(kind: .declaration, source: $0, location: location)] } ?? [],
            staticBuildConfiguration: nil)
    }

    /// A response as the pipe carries it, to compare two.
    static func encoded(_ response: PluginToHostMessage) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(response), as: UTF8.self)
    }

    /// `response` with an empty expansion as no expansion, which the compiler treats alike
    /// (nothing is added) except that it makes no buffer for the latter.
    static func withoutEmptySource(_ response: PluginToHostMessage) -> PluginToHostMessage {
        if case .expandMacroResult("", let diagnostics) = response, diagnostics.isEmpty {
            return .expandMacroResult(expandedSource: nil, diagnostics: [])
        }
        return response
    }

    /// `handler`, told the compiler's protocol version as the compiler's first message does.
    static func introduced<Handler: PluginMessageHandler>(_ handler: Handler, protocolVersion: Int = 7) -> Handler {
        _ = handler.handleMessage(.getCapability(capability: .init(protocolVersion: protocolVersion)))
        return handler
    }

    @Test func aMarkerOnAModelsMemberIsAnsweredWithoutTheMacro() throws {
        let recorder = Recorder()
        let handler = Self.introduced(ConfigurationCondensingHandler(recorder))
        for parent in ["\n\n@JSONModel\nstruct Model: Equatable {}", "@Loom.JSONModel(keyStrategy: .snakeCase) final class Model {}"] {
            let response = handler.handleMessage(Self.markerExpansion("JSONKey", on: "name", in: parent))
            guard case .expandMacroResult(let source, let diagnostics) = response else {
                Issue.record("no expansion: \(response)")
                continue
            }
            // No source at all: the compiler then makes no buffer for the expansion.
            #expect(source == nil)
            #expect(diagnostics.isEmpty)
        }
        #expect(recorder.configurations.isEmpty)

        // A compiler that expects the older form of answer gets the macro's.
        let older = Self.introduced(ConfigurationCondensingHandler(recorder), protocolVersion: 4)
        _ = older.handleMessage(Self.markerExpansion("JSONKey", on: "name", in: "@JSONModel struct Model {}"))
        #expect(recorder.configurations.count == 1)
    }

    @Test func everyMarkerAnswersAsTheMacroDoes() throws {
        let parents: [String?] = [
            "@JSONModel\nstruct Model {}", "struct Plain {}", "@JSONModel enum Choice {}", "extension Model {}",
            "@JSONModel struct Model<T> where T: Equatable {}", "func f()", "@JSONModel struct Broken {", nil,
            "/// A model.\n@JSONModel(keyStrategy: .snakeCase) public final class Model: Base, @unchecked Sendable {}",
            "/* @JSONModel */ struct Plain {}", "@Other.JSONModel struct Plain {}", "@JSONModel indirect enum Choice {}",
        ]
        let macro = Self.introduced(PluginProviderMessageHandler(provider: LoomMacroProvider()))
        let handler = Self.introduced(ConfigurationCondensingHandler(PluginProviderMessageHandler(provider: LoomMacroProvider())))
        for parent in parents {
            for marker in ["JSONKey", "JSONFlatten"] {
                let message = Self.markerExpansion(marker, on: "name", in: parent)
                let expected = try Self.encoded(Self.withoutEmptySource(macro.handleMessage(message)))
                let answer = try Self.encoded(Self.withoutEmptySource(handler.handleMessage(message)))
                #expect(answer == expected, "\(marker) in \(parent ?? "no declaration")")
            }
        }
        // The answers differ where they should: the test compares diagnostics, not only nothing.
        let plain = try Self.encoded(macro.handleMessage(Self.markerExpansion("JSONKey", on: "name", in: "struct Plain {}")))
        #expect(plain.contains("@JSONModel"))
    }

    @Test func aPlainHeaderIsReadAsTheParserReadsIt() throws {
        let leading = ["", "\n    /// A model.\n    /* a /* nested */ comment */ "]
        let attributes = [
            "", "@JSONModel", "@Loom.JSONModel(keyStrategy: .snakeCase)", "@MainActor @JSONModel(\n    memberwiseInit: false\n)",
            "@Other.JSONModel", "/* @JSONModel */", "@JSONModel(representation: .internal(tag: \"type\"))",
        ]
        let modifiers = ["", "public final "]
        let keywords = ["struct", "enum", "class", "extension"]
        let rests = [
            " Model: Equatable, @unchecked Sendable {}", " Model<T: Codable> where T: Equatable {\n}", " Model { var x = 1 }",
            " Model // note\n{}",
        ]
        var read = 0
        for a in leading {
            for b in attributes {
                for c in modifiers {
                    for d in keywords {
                        for e in rests {
                            let source = a + b + (b.isEmpty ? "" : "\n") + c + d + e
                            guard let header = DeclarationHeader(source) else { continue }
                            read += 1
                            let file = Parser.parse(source: source)
                            let declaration = try #require(file.statements.first?.item.as(DeclSyntax.self), "\(source)")
                            #expect(!file.hasError && file.statements.count == 1, "\(source)")
                            for marker in ["JSONKey", "JSONFlatten"] {
                                #expect(
                                    header.judgement(of: marker) == JSONMarkerMacro.judgement(of: marker, in: Syntax(declaration)),
                                    "\(marker) in \(source)")
                            }
                        }
                    }
                }
            }
        }
        // Every combination of plain parts: 2 × 6 (the attribute lists without a string) × 2 × 3 (not the
        // extension) × 2 (the rests without a member or a comment).
        #expect(read == 144)
        let header = try #require(DeclarationHeader("@Loom.JSONModel @Other.Marker(1) public struct User {}"))
        #expect(header.attributes == ["JSONModel", "Other.Marker"] && header.keyword == "struct")
        for unread in ["#if DEBUG\n@JSONModel\n#endif\nstruct A {}", "@JSONModel struct `A` {}", "@JSONModel struct A {", "/* open", ""] {
            #expect(DeclarationHeader(unread) == nil, "\(unread)")
        }
    }

    @Test func anUnknownMacroIsAnError() {
        #expect(throws: PluginError.self) {
            try LoomMacroProvider().resolveMacro(moduleName: "LoomMacros", typeName: "NoSuchMacro")
        }
        #expect((try? LoomMacroProvider().resolveMacro(moduleName: "LoomMacros", typeName: "JSONMarkerMacro")) != nil)
    }
}
