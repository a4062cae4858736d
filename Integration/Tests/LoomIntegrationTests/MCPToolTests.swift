import Foundation
import Loom
import MCP
import Testing

/// The arguments of a tool that opens an issue: an LLM fills them in from the tool's input
/// schema, which is the model's `jsonSchema`.
@JSONModel
struct OpenIssueArguments: Equatable {
    enum Priority: String, CaseIterable { case low, normal, high }

    /// The issue's title, one line.
    var title: String
    var body: String?
    var priority: Priority = .normal
    var labels: [String] = []
    @JSONKey("due_date") @JSONTransform(.iso8601) var dueDate: Date?
}

/// A model's `jsonSchema` as an MCP tool's input schema, and the tool's JSON arguments decoded
/// into the model, through the MCP Swift SDK's client and server over an in-memory transport.
@Suite("MCP tool calling")
struct MCPToolTests {
    /// Loom's `JSONValue` as the SDK's `Value` (both are `Codable` in their JSON form).
    static func mcpValue(_ value: JSONValue) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    static func startServer(_ transport: InMemoryTransport) async throws -> Server {
        let server = Server(name: "issues", version: "1.0", capabilities: .init(tools: .init()))
        let schema = try mcpValue(OpenIssueArguments.jsonSchema)
        await server.withMethodHandler(ListTools.self) { _ in
            .init(tools: [Tool(name: "open_issue", description: "Open an issue", inputSchema: schema)])
        }
        await server.withMethodHandler(CallTool.self) { params in
            do {
                // The arguments object, as JSON, decoded by the model.
                let data = try JSONEncoder().encode(params.arguments ?? [:])
                let arguments = try OpenIssueArguments(jsonData: data)
                return .init(content: [.text(try String(decoding: arguments.jsonData(), as: UTF8.self))], isError: false)
            } catch let error as JSONDecodingError {
                return .init(content: [.text(error.clientDescription)], isError: true)
            }
        }
        try await server.start(transport: transport)
        return server
    }

    @Test("the tool's input schema is the model's jsonSchema, and its arguments decode into the model")
    func callTool() async throws {
        let (clientTransport, serverTransport) = await InMemoryTransport.createConnectedPair()
        let server = try await Self.startServer(serverTransport)
        let client = Client(name: "assistant", version: "1.0")
        _ = try await client.connect(transport: clientTransport)

        let tools = try await client.listTools().tools
        #expect(tools.map(\.name) == ["open_issue"])
        let schema = try #require(tools.first?.inputSchema)
        #expect(schema == (try Self.mcpValue(OpenIssueArguments.jsonSchema)))
        #expect(schema.objectValue?["required"] == .array([.string("title")]))

        let arguments: [String: Value] = [
            "title": "Crash on launch", "priority": "high", "labels": ["bug"], "due_date": "2026-01-02T09:00:00Z",
        ]
        let result = try await client.callTool(name: "open_issue", arguments: arguments)
        #expect(result.isError == false)
        guard case .text(let text, _, _)? = result.content.first else {
            Issue.record("no text content: \(result.content)")
            return
        }
        let decoded = try OpenIssueArguments(jsonString: text)
        #expect(decoded.title == "Crash on launch")
        #expect(decoded.priority == .high)
        #expect(decoded.labels == ["bug"])
        #expect(decoded.dueDate == ISO8601.parse("2026-01-02T09:00:00Z"))

        // Arguments outside the schema are an error the model reports with its path.
        let wrong = try await client.callTool(name: "open_issue", arguments: ["title": 3, "priority": "urgent"])
        #expect(wrong.isError == true)
        guard case .text(let message, _, _)? = wrong.content.first else {
            Issue.record("no text content: \(wrong.content)")
            return
        }
        #expect(message.hasPrefix("title: expected String, found number 3"))
        // Without the hint for the tool's developer (`@JSONLenient converts it`).
        #expect(!message.contains("@JSONLenient"))

        await client.disconnect()
        await server.stop()
    }
}
