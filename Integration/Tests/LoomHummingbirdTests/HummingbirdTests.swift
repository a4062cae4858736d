import Foundation
import Hummingbird
import HummingbirdTesting
import Loom
import LoomHummingbird
import Testing

/// A request body and a response: a renamed key, a key path, a URL (which `JSONEncoder` would
/// write with escaped slashes, Loom does not), a default.
@JSONModel
struct Issue: Equatable {
    var title: String
    @JSONKey("html_url") var htmlURL: URL
    @JSONKey("user.login") var reporter: String
    var labels: [String] = []
    var number: Int?
}

extension Issue: ResponseEncodable {}

/// A `Decodable` type that is not a Loom model: decoded with Foundation's `JSONDecoder`.
struct Ping: Codable, Equatable, ResponseEncodable {
    var message: String
}

/// A context whose bodies are decoded and encoded by Loom; small uploads, so the limit is
/// easy to reach.
struct LoomRequestContext: RequestContext {
    static let uploadLimit = 4096

    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var maxUploadSize: Int { Self.uploadLimit }
    var requestDecoder: LoomRequestDecoder { LoomRequestDecoder() }
    var responseEncoder: LoomResponseEncoder { LoomResponseEncoder() }
}

func makeApplication() -> some ApplicationProtocol {
    let router = Router(context: LoomRequestContext.self)
    router.post("/issues") { request, context -> Issue in
        var issue = try await request.decode(as: Issue.self, context: context)
        issue.number = 1347
        return issue
    }
    router.post("/issues/batch") { request, context -> [Issue] in
        try await request.decode(as: [Issue].self, context: context)
    }
    router.post("/ping") { request, context -> Ping in
        try await request.decode(as: Ping.self, context: context)
    }
    return Application(router: router)
}

/// The body Hummingbird writes for an `HTTPError` with a message.
struct ErrorBody: Decodable {
    struct Details: Decodable { var message: String }
    var error: Details
}

func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

@Suite("Loom in Hummingbird, over HTTP")
struct HummingbirdTests {
    let issueJSON = """
        {"title": "Crash on empty input", "html_url": "https://github.com/octo-org/loom/issues/1",
         "user": {"login": "mona-lisa", "id": 583231}, "labels": ["bug"]}
        """

    @Test func decodesARequestAndEncodesTheResponse() async throws {
        try await makeApplication().test(.live) { client in
            try await client.execute(uri: "/issues", method: .post, body: body(issueJSON)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let text = String(buffer: response.body)
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
                // Loom's encoding: declaration order, the key path rebuilt, slashes unescaped.
                #expect(
                    text == #"{"title":"Crash on empty input","html_url":"https://github.com/octo-org/loom/issues/1","#
                        + #""user":{"login":"mona-lisa"},"labels":["bug"],"number":1347}"#)
                let issue = try Issue(jsonData: Data(text.utf8))
                #expect(issue.reporter == "mona-lisa")
            }
        }
    }

    @Test func aBodyThatDoesNotMatchTheModelIsABadRequestWithLoomsMessage() async throws {
        let wrong = """
            {"title": "Crash on empty input",
             "html_url": "https://github.com/octo-org/loom/issues/1",
             "user": {"login": "mona-lisa"}, "labels": ["bug", 7]}
            """
        let malformed = "{\"title\": \"Crash\",\n \"labels\": [\"bug\",]}"
        let expected: [(String, String)] = [
            (wrong, "labels[1]: expected String, found number 7 (line 3, column 52)"),
            (malformed, "expected a value, found ']' (line 2, column 19)"),
        ]
        for (input, message) in expected {
            // The message Loom gives when decoding the bytes itself, without the hints about
            // the model meant for its developer (`; @JSONLenient converts it` for the number).
            do {
                _ = try Issue(jsonData: Data(input.utf8))
                Testing.Issue.record("decoded an input that does not match")
            } catch let error as JSONDecodingError {
                #expect(error.clientDescription == message)
                #expect(error.hint == (input == wrong ? "@JSONLenient converts it" : nil))
            }
            try await makeApplication().test(.live) { client in
                try await client.execute(uri: "/issues", method: .post, body: body(input)) { response in
                    #expect(response.status == .badRequest)
                    let error = try JSONDecoder().decode(ErrorBody.self, from: Data(response.body.readableBytesView))
                    #expect(error.error.message == message)
                }
            }
        }
    }

    @Test func aMissingKeyNamesThePath() async throws {
        let input = #"{"title": "Crash", "html_url": "https://example.com/1", "user": {}}"#
        try await makeApplication().test(.live) { client in
            try await client.execute(uri: "/issues", method: .post, body: body(input)) { response in
                #expect(response.status == .badRequest)
                let error = try JSONDecoder().decode(ErrorBody.self, from: Data(response.body.readableBytesView))
                #expect(error.error.message == #"user.login: missing required key "login" (line 1, column 65)"#)
            }
        }
    }

    @Test func aBodyOverTheUploadLimitIsRefused() async throws {
        // Valid JSON of exactly the limit is decoded; one byte more is refused before parsing.
        func issue(size: Int) -> String {
            let frame = #"{"title": "", "html_url": "https://example.com/1", "user": {"login": "a"}}"#
            let padding = String(repeating: "x", count: size - frame.utf8.count)
            return #"{"title": ""# + padding + #"", "html_url": "https://example.com/1", "user": {"login": "a"}}"#
        }
        let atLimit = body(issue(size: LoomRequestContext.uploadLimit))
        let overLimit = body(issue(size: LoomRequestContext.uploadLimit + 1))
        try await makeApplication().test(.live) { client in
            try await client.execute(uri: "/issues", method: .post, body: atLimit) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/issues", method: .post, body: overLimit) { response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    @Test func arraysOfModelsAndOtherCodableTypes() async throws {
        try await makeApplication().test(.live) { client in
            try await client.execute(uri: "/issues/batch", method: .post, body: body("[\(issueJSON), \(issueJSON)]")) {
                response in
                #expect(response.status == .ok)
                let issues = try [Issue](jsonData: Data(response.body.readableBytesView))
                #expect(issues.count == 2 && issues.allSatisfy { $0.reporter == "mona-lisa" && $0.number == nil })
            }
            try await client.execute(uri: "/ping", method: .post, body: body(#"{"message": "a/b"}"#)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"message":"a/b"}"#)
            }
        }
    }

    /// Generated issues (seeded) go through the server and come back equal, with the number
    /// the route sets.
    @Test func generatedIssuesRoundTripThroughTheServer() async throws {
        var generator = SeededGenerator(seed: 0x6C6F_6F6D)
        let alphabet = Array("aZ09 _-/\\\"é中😀\n\t{}[]:,")
        func text(_ generator: inout SeededGenerator, maxLength: Int) -> String {
            String((0..<Int.random(in: 0...maxLength, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            })
        }
        var generated: [Issue] = []
        for index in 0..<40 {
            generated.append(
                Issue(
                    title: text(&generator, maxLength: 40),
                    htmlURL: try #require(URL(string: "https://github.com/octo-org/loom/issues/\(index)")),
                    reporter: text(&generator, maxLength: 12),
                    labels: (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(&generator, maxLength: 8) }))
        }
        let issues = generated
        try await makeApplication().test(.live) { client in
            for issue in issues {
                let request = ByteBuffer(bytes: try JSONModelEncoder().encodeBytes(issue))
                try await client.execute(uri: "/issues", method: .post, body: request) { response in
                    #expect(response.status == .ok)
                    var expected = issue
                    expected.number = 1347
                    let echoed = try Issue(jsonData: Data(response.body.readableBytesView))
                    #expect(echoed == expected)
                }
            }
        }
    }
}

/// SplitMix64: a small deterministic generator, so a failing case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
