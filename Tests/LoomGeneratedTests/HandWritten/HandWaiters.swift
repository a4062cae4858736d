import Loom

// botocore's waiters-2.json, modelled by hand from the format's documentation rather than
// from one file: what `loom generate --enums` is measured against (RealInputTests.swift).

/// A service's waiters, by name.
@JSONModel
struct HandWaiters: Hashable, Sendable {
    var version: Int
    var waiters: [String: HandWaiter]
}

/// Polls an operation until an acceptor matches.
@JSONModel
struct HandWaiter: Hashable, Sendable {
    var delay: Int
    var operation: String
    var maxAttempts: Int
    var description: String?
    var acceptors: [HandAcceptor]
}

/// A condition on the operation's outcome, and what it means.
@JSONModel
struct HandAcceptor: Hashable, Sendable {
    /// A string, a number or a Boolean, depending on the matcher.
    var expected: JSONValue
    var matcher: HandMatcher
    var state: HandAcceptorState
    var argument: String?
}

@JSONModel
enum HandMatcher: Hashable, Sendable {
    case path
    case pathAll
    case pathAny
    case status
    case error
    @JSONFallback case unknown(String)
}

@JSONModel
enum HandAcceptorState: Hashable, Sendable {
    case success
    case failure
    case retry
    @JSONFallback case unknown(String)
}
