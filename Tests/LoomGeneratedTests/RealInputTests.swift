import Foundation
import Loom
import Testing

// `loom generate` on public JSON written by others (Tests/LoomCLITests/Generate/Fixtures/Real,
// botocore's and boto3's data files): the models compile (they are in Generated/), decode the
// file and write it back, and are about as many types and properties as a person writes.

let realFixtures = fixtures + "Real/"

/// How many types and stored properties a Swift file declares: `@JSONModel` declarations, and
/// `var` lines inside them (one property each, as both the generated and the hand-written
/// files are written).
struct ModelCount: Equatable, CustomStringConvertible {
    var types: Int
    var properties: Int

    var description: String { "\(types) types, \(properties) properties" }

    init(types: Int, properties: Int) {
        self.types = types
        self.properties = properties
    }

    init(file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        types = lines.filter { $0.hasPrefix("@JSONModel") }.count
        properties = lines.filter { $0.hasPrefix("var ") || ($0.hasPrefix("@JSONKey(") && $0.contains(" var ")) }.count
    }
}

@Suite("loom generate on real inputs")
struct RealInputTests {
    @Test("EC2's paginators: [String: Paginator], decoded and written back, by the generated and the hand-written model")
    func ec2Paginators() throws {
        try expectRoundTrip(EC2Paginators.self, realFixtures + "ec2-paginators-1.json")
        try expectRoundTrip(HandPaginators.self, realFixtures + "ec2-paginators-1.json")
        let paginators = try EC2Paginators(
            jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(realFixtures + "ec2-paginators-1.json")))
        #expect(paginators.pagination.count == 171)
        #expect(paginators.pagination["DescribeInstances"]?.resultKey == "Reservations")
    }

    @Test("EC2's waiters with --enums: [String: Waiter], the matcher and the state as enums")
    func ec2Waiters() throws {
        try expectRoundTrip(EC2Waiters.self, realFixtures + "ec2-waiters-2.json")
        try expectRoundTrip(HandWaiters.self, realFixtures + "ec2-waiters-2.json")
        let waiters = try EC2Waiters(
            jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(realFixtures + "ec2-waiters-2.json")))
        let running = try #require(waiters.waiters["InstanceRunning"])
        #expect(running.operation == "DescribeInstances")
        #expect(running.acceptors.first?.matcher == .pathAll)
        #expect(running.acceptors.first?.state == .success)
    }

    @Test("S3's and DynamoDB's paginators as two samples: one map of one Paginator")
    func awsPaginators() throws {
        try expectRoundTrip(AWSPaginators.self, realFixtures + "s3-paginators-1.json")
        try expectRoundTrip(AWSPaginators.self, realFixtures + "dynamodb-paginators-1.json")
        try expectRoundTrip(HandPaginators.self, realFixtures + "s3-paginators-1.json")
    }

    @Test("S3's resource model (boto3) with --map resources --enums")
    func s3Resources() throws {
        try expectRoundTrip(S3Resources.self, realFixtures + "s3-resources-1.json")
        let resources = try S3Resources(
            jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(realFixtures + "s3-resources-1.json")))
        #expect(resources.resources["Bucket"]?.actions["Delete"]?.request.operation == "DeleteBucket")
    }

    @Test(
        "the generated models are as many types as the hand-written ones, and within one property",
        arguments: [
            ("RealEC2Paginators.swift", "HandPaginators.swift", ModelCount(types: 2, properties: 6)),
            ("RealEC2Waiters.swift", "HandWaiters.swift", ModelCount(types: 5, properties: 10)),
            ("RealAWSPaginators.swift", "HandPaginators.swift", ModelCount(types: 2, properties: 7)),
        ])
    func counts(generated: String, handWritten: String, expected: ModelCount) throws {
        let made = try ModelCount(file: "Tests/LoomGeneratedTests/Generated/" + generated)
        let hand = try ModelCount(file: "Tests/LoomGeneratedTests/HandWritten/" + handWritten)
        #expect(made == expected)
        #expect(made.types == hand.types, "\(generated): \(made); by hand: \(hand)")
        #expect(abs(made.properties - hand.properties) <= 1, "\(generated): \(made); by hand: \(hand)")
    }

    @Test("S3's resource model stays about as small as the format: 18 types for 37 kB")
    func resourceCount() throws {
        #expect(try ModelCount(file: "Tests/LoomGeneratedTests/Generated/RealS3Resources.swift") == ModelCount(types: 18, properties: 40))
    }
}
