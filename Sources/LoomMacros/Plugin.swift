import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct LoomMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = []
}
