/// An `Error` made `Sendable` by keeping its description and type name: errors thrown by
/// user code (transformers, hooks, migrations, stream handlers) need not be `Sendable`, and
/// Loom's own errors must be.
struct SendableError: Error, Sendable, CustomStringConvertible {
    let description: String
    let typeName: String

    init(_ error: any Error) {
        description = String(describing: error)
        typeName = String(reflecting: type(of: error))
    }
}
