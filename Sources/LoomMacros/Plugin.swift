@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftIfConfig
import SwiftSyntax
@_spi(ExperimentalLanguageFeatures) import SwiftParser
import SwiftSyntaxMacros

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The macro plugin's entry point: the compiler's messages in, expansions out.
///
/// A client's debug build compiles swift-syntax without optimization, and its message layer
/// then costs more than the macros themselves: each message carries the whole build
/// configuration (some 4 KB of JSON inside a JSON string), decoded twice, and each expansion
/// is escaped byte by byte on the way back. The plugin therefore reads and writes its
/// messages with Foundation's JSON coders, which the toolchain ships optimized, and hands the
/// message handler the part of the build configuration the parser reads. The messages and
/// their handling are swift-syntax's own; only the transport and the configuration's size
/// differ.
@main
enum LoomMacrosPlugin {
    static func main() throws {
        JSONModelMacro.rememberPlans()
        let handler = ConfigurationCondensingHandler(PluginProviderMessageHandler(provider: LoomMacroProvider()))
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        try CompilerPluginMessageListener(connection: try PipeConnection(), messageHandler: handler).main()
        #else
        try CompilerPluginMessageListener(connection: try StandardIOMessageConnection(), messageHandler: handler).main()
        #endif
    }
}

/// The macros of this plugin, by the type name the compiler asks for.
struct LoomMacroProvider: PluginProvider {
    static let macros: [String: Macro.Type] = ["JSONModelMacro": JSONModelMacro.self, "JSONMarkerMacro": JSONMarkerMacro.self]

    func resolveMacro(moduleName: String, typeName: String) throws -> Macro.Type {
        if moduleName == "LoomMacros", let macro = Self.macros[typeName] { return macro }
        throw PluginError(description: "macro implementation type '\(moduleName).\(typeName)' is not in the Loom plugin")
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
}

/// Replaces each message's build configuration with the part the parser reads: the language
/// mode and the experimental features it parses.
///
/// Loom's macros never evaluate `#if` or `hasFeature`, so the configuration serves only to
/// parse the declaration the way the compiler did. The compiler lists the configuration's
/// sets in a different order in each message, so the condensed form is kept by its content.
///
/// It also answers a marker macro's request for a model's member itself
/// (``marksModelMember(_:_:)``), the one answer that needs no more than the declaration around it.
final class ConfigurationCondensingHandler<Base: PluginMessageHandler>: PluginMessageHandler {
    private let base: Base
    private var condensedForms: [String: String] = [:]
    /// The compiler's plugin protocol version, which decides the form of an answer.
    private var hostProtocolVersion = 0

    init(_ base: Base) {
        self.base = base
    }

    func handleMessage(_ message: HostToPluginMessage) -> PluginToHostMessage {
        switch message {
        case .getCapability(let capability):
            hostProtocolVersion = Self.protocolVersion(of: capability)
            return base.handleMessage(message)
        case .expandAttachedMacro(let macro, .peer, _, _, _, _, _, _, let lexicalContext, _)
        where hostProtocolVersion >= 5 && macro.typeName == "JSONMarkerMacro"
            && Self.marksModelMember(macro.name, lexicalContext):
            // What the marker would answer, in the form of a compiler of protocol version 5 and
            // later, without parsing its attribute and declaration. No source rather than an
            // empty one: the compiler makes no buffer for it, where each buffer lengthens its
            // search for the buffer of every location in generated code (see the README).
            return .expandMacroResult(expandedSource: nil, diagnostics: [])
        case .expandAttachedMacro(
            let macro, let role, let discriminator, let attribute, let declaration, let parent, let extended,
            let conformances, let lexicalContext, let configuration?
        ):
            let answer = base.handleMessage(
                .expandAttachedMacro(
                    macro: macro, macroRole: role, discriminator: discriminator, attributeSyntax: attribute,
                    declSyntax: declaration, parentDeclSyntax: parent, extendedTypeSyntax: extended,
                    conformanceListSyntax: conformances, lexicalContext: lexicalContext,
                    staticBuildConfiguration: condensed(configuration)))
            // An expansion that adds nothing (the body of a model whose extension holds
            // everything) is answered as no expansion, for which the compiler makes no buffer.
            if hostProtocolVersion >= 5, case .expandMacroResult(expandedSource: "", diagnostics: let diagnostics) = answer,
                diagnostics.isEmpty
            {
                return .expandMacroResult(expandedSource: nil, diagnostics: [])
            }
            return answer
        case .expandFreestandingMacro(let macro, let role, let discriminator, let syntax, let lexicalContext, let configuration?):
            return base.handleMessage(
                .expandFreestandingMacro(
                    macro: macro, macroRole: role, discriminator: discriminator, syntax: syntax,
                    lexicalContext: lexicalContext, staticBuildConfiguration: condensed(configuration)))
        default:
            return base.handleMessage(message)
        }
    }

    func shutDown() throws {
        try base.shutDown()
    }

    /// The protocol version the compiler states (swift-syntax keeps the property internal, so
    /// it is read back from the capability's coded form); 0 if it cannot be read.
    private static func protocolVersion(of capability: PluginMessage.HostCapability?) -> Int {
        guard let capability, let data = try? JSONEncoder().encode(capability) else { return 0 }
        return (try? JSONDecoder().decode(StatedCapability.self, from: data))?.protocolVersion ?? 0
    }

    private struct StatedCapability: Decodable {
        var protocolVersion: Int
    }

    /// Whether a marker macro's request is for a member of a model, which the marker answers
    /// with nothing: a model has a marker on most of its properties, and each request would
    /// otherwise have three pieces of syntax parsed. The innermost declaration around the
    /// member comes without its members: a plain header is read without the parser
    /// (``DeclarationHeader``), any other is parsed; anything else (no such declaration, one
    /// that does not parse cleanly, a marker that calls for a diagnostic) goes to the macro.
    private static func marksModelMember(_ marker: String, _ lexicalContext: [PluginMessage.Syntax]?) -> Bool {
        guard let parent = lexicalContext?.first, parent.kind == .declaration else { return false }
        if let header = DeclarationHeader(parent.source) { return header.judgement(of: marker) == .fine }
        let file = Parser.parse(source: parent.source)
        guard !file.hasError, file.statements.count == 1, let declaration = file.statements.first?.item.as(DeclSyntax.self),
            declaration.isProtocol(DeclGroupSyntax.self)
        else { return false }
        return JSONMarkerMacro.judgement(of: marker, in: Syntax(declaration)) == .fine
    }

    /// What the parser reads of a configuration.
    private struct ParserOptions: Decodable {
        var languageMode: VersionTuple
        var compilerVersion: VersionTuple
        var features: [String]
    }

    /// The configuration with only what the parser reads; `nil` (no configuration, as older
    /// compilers send) if it cannot be read.
    private func condensed(_ configuration: String) -> String? {
        guard let options = try? JSONDecoder().decode(ParserOptions.self, from: Data(configuration.utf8)) else {
            return nil
        }
        let features = options.features.filter(parses).sorted()
        let key = "\(options.languageMode.components) \(options.compilerVersion.components) \(features)"
        if let known = condensedForms[key] { return known }
        let condensed = StaticBuildConfiguration(
            features: Set(features), languageVersion: options.languageMode, compilerVersion: options.compilerVersion)
        guard let data = try? JSONEncoder().encode(condensed) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        condensedForms[key] = text
        return text
    }

    private var parsedFeatures: [String: Bool] = [:]

    /// Whether the parser knows `feature` as an experimental feature of its own.
    private func parses(_ feature: String) -> Bool {
        if let known = parsedFeatures[feature] { return known }
        let parses = Parser.ExperimentalFeatures(name: feature) != nil
        parsedFeatures[feature] = parses
        return parses
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
/// The compiler's pipe: each message is a little-endian 64-bit length and that many bytes of
/// JSON. Standard input and output are taken over for the messages, as swift-syntax's own
/// connection does, so that anything a macro prints goes to standard error.
struct PipeConnection: MessageConnection {
    private let input: CInt
    private let output: CInt

    init() throws {
        let input = dup(STDIN_FILENO)
        guard input >= 0, close(STDIN_FILENO) >= 0 else { throw PluginError(description: "cannot take over standard input") }
        let output = dup(STDOUT_FILENO)
        guard output >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            throw PluginError(description: "cannot take over standard output")
        }
        self.input = input
        self.output = output
    }

    func sendMessage<TX: Encodable>(_ message: TX) throws {
        let encoder = JSONEncoder()
        if #available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *) { encoder.outputFormatting = .withoutEscapingSlashes }
        let payload = try encoder.encode(message)
        var header = UInt64(payload.count).littleEndian
        try withUnsafeBytes(of: &header) { try send($0) }
        try payload.withUnsafeBytes { try send($0) }
    }

    func waitForNextMessage<RX: Decodable>(_ type: RX.Type) throws -> RX? {
        var header: UInt64 = 0
        guard try withUnsafeMutableBytes(of: &header, { try receive(into: $0) }) else { return nil }
        let count = Int(UInt64(littleEndian: header))
        // An empty message asks the plugin to stop.
        guard count > 0 else { return nil }
        var payload = Data(count: count)
        guard try payload.withUnsafeMutableBytes({ try receive(into: $0) }) else {
            throw PluginError(description: "the compiler closed the pipe inside a message")
        }
        return try JSONDecoder().decode(type, from: payload)
    }

    private func send(_ buffer: UnsafeRawBufferPointer) throws {
        let sent = try transfer(buffer.count, "write to") { offset in
            write(output, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        guard sent == buffer.count else { throw PluginError(description: "the compiler closed the pipe") }
    }

    /// Fills `buffer`; `false` if the compiler closed the pipe before its first byte.
    private func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        let received = try transfer(buffer.count, "read from") { offset in
            read(input, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if received == buffer.count { return true }
        if received == 0 { return false }
        throw PluginError(description: "the compiler closed the pipe inside a message")
    }

    /// Moves `count` bytes a call at a time (`step` gets the offset reached), retrying
    /// interrupted calls; fewer bytes only if the pipe was closed.
    private func transfer(_ count: Int, _ direction: String, _ step: (Int) -> Int) throws -> Int {
        var offset = 0
        while offset < count {
            let moved = step(offset)
            if moved == 0 { break }
            if moved < 0 {
                if errno == EINTR { continue }
                throw PluginError(description: "cannot \(direction) the compiler (errno \(errno))")
            }
            offset += moved
        }
        return offset
    }
}
#endif
