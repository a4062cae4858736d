import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct LoomMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [JSONModelMacro.self, JSONMarkerMacro.self]

    init() {
        JSONModelMacro.rememberPlans()
    }
}
