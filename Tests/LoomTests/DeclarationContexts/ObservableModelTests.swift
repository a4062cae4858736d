import Foundation
import Loom
import Observation
import Testing

// Class models that are also `@Observable`, as SwiftUI apps declare them: `@Observable` turns
// the stored properties into tracked ones, which the generated code reads and initializes.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
@JSONModel
final class ObservedProfile {
    var name: String
    var tags: [String] = []
    @JSONIgnore var draft = ""

    init(name: String) { self.name = name }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@JSONModel
@Observable
final class ObservedSettings: Equatable {
    var theme: String
    var fontSize: Int = 12
}

/// Set once from the tracking callback, which may run on another thread.
private final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var changed = false

    func set() { lock.withLock { changed = true } }
    var isSet: Bool { lock.withLock { changed } }
}

@Suite("Declaration contexts: @Observable classes")
struct ObservableModelTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func decodedPropertiesAreTracked() throws {
        let profile = try ObservedProfile(jsonData: Data(#"{"name": "ana", "tags": ["a"]}"#.utf8))
        #expect(profile.name == "ana" && profile.tags == ["a"])
        let flag = ChangeFlag()
        withObservationTracking { _ = profile.name } onChange: { flag.set() }
        profile.name = "bo"
        #expect(flag.isSet)
        #expect(try JSONValue(parsing: profile.jsonData()) == ["name": "bo", "tags": ["a"]])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func eitherAttributeOrder() throws {
        let settings = try ObservedSettings(jsonData: Data(#"{"theme": "dark"}"#.utf8))
        #expect(settings.fontSize == 12)
        let again = try ObservedSettings(jsonData: settings.jsonData())
        #expect(again == settings)
    }
}
