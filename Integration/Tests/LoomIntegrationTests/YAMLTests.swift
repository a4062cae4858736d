import Foundation
import Loom
import Testing
import Yams

/// Key paths, fallback keys, a transformer, defaults and an ignored property.
@JSONModel
struct Repository: Equatable {
    @JSONKey("owner.login") var owner: String
    @JSONKey("name", "repo_name") var name: String
    var stars: Int
    @JSONKey("pushed_at") @JSONTransform(.iso8601) var pushedAt: Date
    @JSONKey("created_at") @JSONTransform(.secondsSince1970) var createdAt: Date
    @JSONDefault(false) var archived: Bool
    var topics: [String]
    var license: String?
    var version: String
    var ratio: Double = 0.5
    @JSONIgnore var cached = 0
}

let sampleRepository = Repository(
    owner: "octocat", name: "loom", stars: 42, pushedAt: Date(timeIntervalSince1970: 1_704_164_645),
    createdAt: Date(timeIntervalSince1970: 1_600_000_000), archived: true, topics: ["json", "swift"], license: nil,
    version: "1.10", ratio: 0.25, cached: 7)

@Suite("YAML through Yams")
struct YAMLTests {
    @Test func encodesTheModelsJSONShape() throws {
        let yaml = try YAMLEncoder().encode(sampleRepository)
        let back = try YAMLDecoder().decode(Repository.self, from: yaml)
        var expected = sampleRepository
        expected.cached = 0
        #expect(back == expected)
        // Key paths nest, transformers write their form, nil and ignored properties are absent.
        let node = try #require(try Yams.compose(yaml: yaml))
        #expect(node["owner"]?["login"]?.string == "octocat")
        #expect(node["pushed_at"]?.string == "2024-01-02T03:04:05Z")
        #expect(node["created_at"]?.int == 1_600_000_000)
        #expect(node["license"] == nil)
        #expect(node["cached"] == nil)
        #expect(node["version"]?.string == "1.10")
    }

    @Test func decodesHandWrittenYAML() throws {
        let yaml = """
            owner:
              login: octocat
            repo_name: loom          # the fallback key
            stars: 42
            pushed_at: 2024-01-02T03:04:05Z
            created_at: 1600000000
            topics: [json, swift]
            license: ~
            version: 1.10            # an unquoted number for a String property: kept as written
            """
        let repository = try YAMLDecoder().decode(Repository.self, from: yaml)
        #expect(repository.name == "loom")
        #expect(repository.owner == "octocat")
        #expect(repository.pushedAt == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(repository.createdAt == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(repository.version == "1.10")
        #expect(repository.license == nil)
        #expect(repository.archived == false)
        #expect(repository.ratio == 0.5)
        #expect(repository == (try Repository(jsonString: #"""
            {"owner": {"login": "octocat"}, "repo_name": "loom", "stars": 42, "pushed_at": "2024-01-02T03:04:05Z",
             "created_at": 1600000000, "topics": ["json", "swift"], "version": "1.10"}
            """#)))
    }

    @Test func untypedScalarsFollowTheModel() throws {
        let yaml = """
            owner: {login: 123}
            name: true
            stars: "7"
            pushed_at: 2024-01-02T03:04:05Z
            created_at: 0
            archived: yes
            topics: [1, 2.50, no]
            version: 007
            ratio: 3
            """
        let repository = try YAMLDecoder().decode(Repository.self, from: yaml)
        #expect(repository.owner == "123")
        #expect(repository.name == "true")
        #expect(repository.stars == 7)
        #expect(repository.archived)
        #expect(repository.version == "007")
        #expect(repository.ratio == 3)
        #expect(repository.topics == ["1", "2.50", "no"])
        // Errors are the model's, as DecodingErrors.
        for bad in ["stars: many", "topics: [a, null]"] {
            let line = bad.hasPrefix("stars") ? "stars: \"7\"" : "topics: [1, 2.50, no]"
            #expect(throws: DecodingError.self) {
                try YAMLDecoder().decode(Repository.self, from: yaml.replacingOccurrences(of: line, with: bad))
            }
        }
    }

    @Test(arguments: ["123", "true", "yes", "no", "null", "~", "", "1.50", "-0", "1e3", "007", "0x1F", ".inf", "- a", ": x", "#c", "a\nb", "'q'", " padded "])
    func stringsThatLookLikeOtherTypesRoundTrip(text: String) throws {
        var repository = sampleRepository
        repository.version = text
        repository.name = text
        repository.topics = [text, "plain"]
        repository.cached = 0
        let yaml = try YAMLEncoder().encode(repository)
        #expect(try YAMLDecoder().decode(Repository.self, from: yaml) == repository, "\(yaml)")
    }

    @Test func modelsInsideCodableValues() throws {
        struct Catalog: Codable, Equatable {
            var repositories: [Repository]
            var title: String
        }
        var plain = sampleRepository
        plain.cached = 0
        let catalog = Catalog(repositories: [plain, plain], title: "mine")
        let yaml = try YAMLEncoder().encode(catalog)
        #expect(try YAMLDecoder().decode(Catalog.self, from: yaml) == catalog)
    }
}
