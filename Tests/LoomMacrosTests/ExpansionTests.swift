import Testing

/// Every shape `@JSONModel` generates for structs. The expected code follows the hand-written
/// conformance in `Tests/LoomTests/Model/HandWrittenModelTests.swift`; the same shapes are
/// compiled and run in `Tests/LoomTests/Model/Macro*Tests.swift`.
@Suite("@JSONModel expansion")
struct ExpansionTests {
    /// Every stored property maps to its name: the shape of the hand-written `HandUser`.
    @Test func plain() {
        assertExpansion(
            """
            @JSONModel
            struct User {
                var login: String
                var id: Int
            }
            """,
            expandedSource: """

            struct User {
                var login: String
                var id: Int
            }

            extension User: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["login", "id"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, String.self, into: &errors)
                    let v1 = try context.required(s1, _loomKeys, 1, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.login = u0
                    self.id = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<String> = nil
                    var v1: Optional<Int> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(String.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(Int.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.login = u0
                    self.id = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.login, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.id, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// `@JSONKey("name")` renames and marks the key explicit.
    @Test func rename() {
        assertExpansion(
            """
            @JSONModel
            struct Repo {
                @JSONKey("html_url") var htmlURL: URL
                var name: String
            }
            """,
            expandedSource: """

            struct Repo {
                var htmlURL: URL
                var name: String
            }

            extension Repo: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["html_url", "name"], explicit: [true, false])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.decode(URL.self, from: $0) }
                    }
                    let v1 = try context.required(s1, _loomKeys, 1, String.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.htmlURL = u0
                    self.name = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<URL> = nil
                    var v1: Optional<String> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(URL.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(String.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.htmlURL = u0
                    self.name = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.htmlURL, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.name, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Key paths under one prefix share a nested key set, one decode loop and one encoded object.
    @Test func keyPathSharedPrefix() {
        assertExpansion(
            """
            @JSONModel
            struct Status {
                var id: Int
                @JSONKey("user.login") var login: String
                @JSONKey("user.profile.name") var name: String?
                @JSONKey("user.id") var userID: Int
            }
            """,
            expandedSource: """
            struct Status {
                var id: Int
                var login: String
                var name: String?
                var userID: Int
            }

            extension Status: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["id", "user"], explicit: [false, true])
                static let _loomKeys_1 = Loom.JSONKeySet(["login", "profile", "id"], explicit: [true, true, true], prefix: ["user"])
                static let _loomKeys_2 = Loom.JSONKeySet(["name"], explicit: [true], prefix: ["user", "profile"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    let _loomKeys_2 = Self._loomKeys_2
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    var s1_0: Loom.JSONElement? = nil
                    var s1_1: Loom.JSONElement? = nil
                    var s1_2: Loom.JSONElement? = nil
                    if let nested = try errors.capture({ try context.nestedObject(s1, _loomKeys, 1) }) ?? nil {
                        var hint1 = 0
                        for member in nested {
                            switch _loomKeys_1.match(member.key, hint: &hint1, context) {
                            case 0: context.assign(&s1_0, member.value)
                            case 1: context.assign(&s1_1, member.value)
                            case 2: context.assign(&s1_2, member.value)
                            default: break
                            }
                        }
                    }
                    var s1_1_0: Loom.JSONElement? = nil
                    if let nested = try errors.capture({ try context.nestedObject(s1_1, _loomKeys_1, 1) }) ?? nil {
                        var hint2 = 0
                        for member in nested {
                            switch _loomKeys_2.match(member.key, hint: &hint2, context) {
                            case 0: context.assign(&s1_1_0, member.value)
                            default: break
                            }
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, Int.self, into: &errors)
                    let v1 = try context.required(s1_0, _loomKeys_1, 0, String.self, into: &errors)
                    let v2 = try context.optional(s1_1_0, _loomKeys_2, 0, String.self, into: &errors)
                    let v3 = try context.required(s1_2, _loomKeys_1, 2, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    let u3 = try Loom.JSONErrorAccumulator.unwrap(v3)
                    self.init(_loomMembers: u0, u1, u2, u3)
                }

                private init(_loomMembers u0: Int, _ u1: String, _ u2: String?, _ u3: Int) {
                    self.id = u0
                    self.login = u1
                    self.userID = u3
                    var new2 = u2
                    Swift.swap(&self.name, &new2)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.id, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys_1, 0, to: &writer)
                    try context.encode(self.login, to: &writer)
                    if context.writesNulls || self.name != nil {
                        context.writeKey(Self._loomKeys_1, 1, to: &writer)
                        try writer.beginObject()
                        if let value = self.name {
                            context.writeKey(Self._loomKeys_2, 0, to: &writer)
                            try context.encode(value, to: &writer)
                        } else if context.writesNulls {
                            context.writeKey(Self._loomKeys_2, 0, to: &writer)
                            writer.writeNull()
                        }
                        writer.endObject()
                    }
                    context.writeKey(Self._loomKeys_1, 2, to: &writer)
                    try context.encode(self.userID, to: &writer)
                    writer.endObject()
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Fallback keys get a slot each; the first present non-null one is decoded, the first is encoded.
    @Test func fallbackKeys() {
        assertExpansion(
            """
            @JSONModel
            struct Book {
                @JSONKey("id", "ID", "book_id") var id: Int
            }
            """,
            expandedSource: """
            struct Book {
                var id: Int
            }

            extension Book: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["id", "ID", "book_id"], explicit: [true, true, true])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let f0 = context.firstPresent([(s0, 0), (s1, 1), (s2, 2)])
                    let v0 = try errors.capture {
                        try context.required(f0.0, _loomKeys, f0.1) { try $1.decode(Int.self, from: $0) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    self.id = u0
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.id, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Fallback keys at different object levels pick the winner's key set and slot.
    @Test func fallbackKeysAcrossLevels() {
        assertExpansion(
            """
            @JSONModel
            struct Book {
                @JSONKey("title", "info.title") var title: String?
            }
            """,
            expandedSource: """
            struct Book {
                var title: String?
            }

            extension Book: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["title", "info"], explicit: [true, true])
                static let _loomKeys_1 = Loom.JSONKeySet(["title"], explicit: [true], prefix: ["info"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    var s1_0: Loom.JSONElement? = nil
                    if let nested = try errors.capture({ try context.nestedObject(s1, _loomKeys, 1) }) ?? nil {
                        var hint1 = 0
                        for member in nested {
                            switch _loomKeys_1.match(member.key, hint: &hint1, context) {
                            case 0: context.assign(&s1_0, member.value)
                            default: break
                            }
                        }
                    }
                    let f0 = context.firstPresent([(s0, 0), (s1_0, 1)])
                    let v0 = try errors.capture {
                        try context.optional(f0.0, [_loomKeys, _loomKeys_1][f0.1], [0, 0][f0.1]) { try $1.decode(String.self, from: $0) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    self.init(_loomMembers: u0)
                }

                private init(_loomMembers u0: String?) {
                    var new0 = u0
                    Swift.swap(&self.title, &new0)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    if let value = self.title {
                        context.writeKey(Self._loomKeys, 0, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 0, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Collected keys are matched like others and gathered by the runtime helpers.
    @Test func collecting() {
        assertExpansion(
            """
            @JSONModel
            struct Weather {
                @JSONKey(collecting: ["temp", "main.temp_max"]) var temperatures: [String: Double]
                @JSONKey(collecting: ["wind_speed"]) var wind: [String: Double]?
            }
            """,
            expandedSource: """
            struct Weather {
                var temperatures: [String: Double]
                var wind: [String: Double]?
            }

            extension Weather: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["temp", "main", "wind_speed"], explicit: [true, true, true])
                static let _loomKeys_1 = Loom.JSONKeySet(["temp_max"], explicit: [true], prefix: ["main"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    var s1_0: Loom.JSONElement? = nil
                    if let nested = try errors.capture({ try context.nestedObject(s1, _loomKeys, 1) }) ?? nil {
                        var hint1 = 0
                        for member in nested {
                            switch _loomKeys_1.match(member.key, hint: &hint1, context) {
                            case 0: context.assign(&s1_0, member.value)
                            default: break
                            }
                        }
                    }
                    let v0 = try errors.capture {
                        try context.collected([("temp", s0), ("main.temp_max", s1_0)]) { try $1.dictionary($0) { try $1.decode(Double.self, from: $0) } }
                    }
                    let v1 = try errors.capture {
                        try context.collectedIfPresent([("wind_speed", s2)]) { try $1.dictionary($0) { try $1.decode(Double.self, from: $0) } }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.init(_loomMembers: u0, u1)
                }

                private init(_loomMembers u0: [String: Double], _ u1: [String: Double]?) {
                    self.temperatures = u0
                    var new1 = u1
                    Swift.swap(&self.wind, &new1)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    let c0 = try context.collect(self.temperatures) { try context.dictionary($0, to: &$1) { try context.encode($0, to: &$1) } }
                    let c1 = try context.collect(self.wind) { try context.optionalValue($0, to: &$1) { try context.dictionary($0, to: &$1) { try context.encode($0, to: &$1) } } }
                    try writer.beginObject()
                    try context.writeCollected(c0, "temp", Self._loomKeys, 0, to: &writer)
                    if context.writesNulls || c0["main.temp_max"] != nil {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        try writer.beginObject()
                        try context.writeCollected(c0, "main.temp_max", Self._loomKeys_1, 0, to: &writer)
                        writer.endObject()
                    }
                    try context.writeCollected(c1, "wind_speed", Self._loomKeys, 2, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// `T?`, `Optional<T>` and `= nil` decode with `optional` and are omitted when nil.
    @Test func optional() {
        assertExpansion(
            """
            @JSONModel
            struct Profile {
                var bio: String?
                var website: Optional<URL>
                var none: Int? = nil
            }
            """,
            expandedSource: """

            struct Profile {
                var bio: String?
                var website: Optional<URL>
                var none: Int? = nil
            }

            extension Profile: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["bio", "website", "none"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.optional(s0, _loomKeys, 0, String.self, into: &errors)
                    let v1 = try errors.capture {
                        try context.optional(s1, _loomKeys, 1) { try $1.decode(URL.self, from: $0) }
                    }
                    let v2 = try context.optional(s2, _loomKeys, 2, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    self.init(_loomMembers: u0, u1, u2)
                }

                private init(_loomMembers u0: String?, _ u1: Optional<URL>, _ u2: Int?) {
                    self.website = u1
                    var new0 = u0
                    Swift.swap(&self.bio, &new0)
                    var new2 = u2
                    Swift.swap(&self.none, &new2)
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<String?> = nil
                    var v1: Optional<Optional<URL>> = nil
                    var v2: Optional<Int?> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0, nullable: true)
                            slots.v0 = .some(try reader.readNull() ? .none : reader.decode(String.self, context))
                        case 1:
                            try reader.claim(slots.v1, nullable: true)
                            slots.v1 = .some(try reader.readNull() ? .none : reader.decode(URL.self, context))
                        case 2:
                            try reader.claim(slots.v2, nullable: true)
                            slots.v2 = .some(try reader.readNull() ? .none : reader.decode(Int.self, context))
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = slots.v0.take() ?? nil
                    let u1 = slots.v1.take() ?? nil
                    let u2 = slots.v2.take() ?? nil
                    self.init(_loomMembers: u0, u1, u2)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    if let value = self.bio {
                        context.writeKey(Self._loomKeys, 0, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 0, to: &writer)
                        writer.writeNull()
                    }
                    if let value = self.website {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    if let value = self.none {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// An initial value is kept when the key is missing.
    @Test func defaultViaInitializer() {
        assertExpansion(
            """
            @JSONModel
            struct Settings {
                var retries: Int = 3
                var labels: [String] = []
                var theme: String? = "dark"
            }
            """,
            expandedSource: """

            struct Settings {
                var retries: Int = 3
                var labels: [String] = []
                var theme: String? = "dark"
            }

            extension Settings: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["retries", "labels", "theme"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.defaulted(s0, _loomKeys, 0, in: element, default: "3") { try $1.decode(Int.self, from: $0) }
                    }
                    let v1 = try errors.capture {
                        try context.defaulted(s1, _loomKeys, 1, in: element, default: "[]") { try $1.array($0) { try $1.decode(String.self, from: $0) } }
                    }
                    let v2 = try errors.capture {
                        try context.optionalDefaulted(s2, _loomKeys, 2, in: element, default: "\\"dark\\"") { try $1.decode(String.self, from: $0) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    self.init(_loomMembers: u0, u1, u2)
                }

                private init(_loomMembers u0: Optional<Int>, _ u1: Optional<[String]>, _ u2: Optional<String?>) {
                    if var new0 = u0 { Swift.swap(&self.retries, &new0) }
                    if var new1 = u1 { Swift.swap(&self.labels, &new1) }
                    if var new2 = u2 { Swift.swap(&self.theme, &new2) }
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                    var v1: Optional<[String]> = nil
                    var v2: Optional<String?> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.array(context) { try $0.decode(String.self, $1) }
                        case 2:
                            try reader.claim(slots.v2, nullable: true)
                            slots.v2 = .some(try reader.readNull(keepingDefault: context) ? .none : reader.decode(String.self, context))
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = slots.v0.take()
                    let u1 = slots.v1.take()
                    let u2 = slots.v2.take()
                    self.init(_loomMembers: u0, u1, u2)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.retries, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.array(self.labels, to: &writer) { try context.encode($0, to: &$1) }
                    if let value = self.theme {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// `@JSONDefault` supplies the value for a missing key.
    @Test func defaultViaMarker() {
        assertExpansion(
            """
            @JSONModel
            struct Settings {
                @JSONDefault(3) var retries: Int
                @JSONDefault(base + 1) var limit: Int
                @JSONDefault("dark") var theme: String?
            }
            """,
            expandedSource: """

            struct Settings {
                var retries: Int
                var limit: Int
                var theme: String?
            }

            extension Settings: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["retries", "limit", "theme"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.defaulted(s0, _loomKeys, 0, in: element, default: "3") { try $1.decode(Int.self, from: $0) }
                    }
                    let v1 = try errors.capture {
                        try context.defaulted(s1, _loomKeys, 1, in: element, default: "base + 1") { try $1.decode(Int.self, from: $0) }
                    }
                    let v2 = try errors.capture {
                        try context.optionalDefaulted(s2, _loomKeys, 2, in: element, default: "\\"dark\\"") { try $1.decode(String.self, from: $0) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    self.init(_loomMembers: u0, u1, u2)
                }

                private init(_loomMembers u0: Optional<Int>, _ u1: Optional<Int>, _ u2: Optional<String?>) {
                    self.retries = u0 ?? 3
                    self.limit = u1 ?? (base + 1)
                    var new2: String? = u2 ?? "dark"
                    Swift.swap(&self.theme, &new2)
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                    var v1: Optional<Int> = nil
                    var v2: Optional<String?> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(Int.self, context)
                        case 2:
                            try reader.claim(slots.v2, nullable: true)
                            slots.v2 = .some(try reader.readNull(keepingDefault: context) ? .none : reader.decode(String.self, context))
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = slots.v0.take()
                    let u1 = slots.v1.take()
                    let u2 = slots.v2.take()
                    self.init(_loomMembers: u0, u1, u2)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.retries, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.limit, to: &writer)
                    if let value = self.theme {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// A `let` with a value cannot be reassigned: its key is matched and skipped, and it is encoded.
    @Test func letWithValue() {
        assertExpansion(
            """
            @JSONModel
            struct Envelope {
                let version: Int = 2
                let payload: String
            }
            """,
            expandedSource: """

            struct Envelope {
                let version: Int = 2
                let payload: String
            }

            extension Envelope: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["version", "payload"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 1: context.assign(&s1, member.value)
                        case 0: break
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v1 = try context.required(s1, _loomKeys, 1, String.self, into: &errors)
                    try errors.finish()
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.payload = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v1: Optional<String> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(String.self, context)
                        case 0: try reader.skipValue()
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u1 = try reader.required(slots.v1.take())
                    self.payload = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.version, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.payload, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// `@JSONIgnore` properties take no part.
    @Test func ignore() {
        assertExpansion(
            """
            @JSONModel
            struct Issue {
                var title: String
                @JSONIgnore var retrievedAt = Date()
                @JSONIgnore var cache: [String: Int]?
            }
            """,
            expandedSource: """

            struct Issue {
                var title: String
                var retrievedAt = Date()
                var cache: [String: Int]?
            }

            extension Issue: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["title"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, String.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    self.title = u0
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<String> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(String.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    self.title = u0
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.title, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// `@JSONTransform` decodes and encodes through the transformer, built once per type in a
    /// static property.
    @Test func transform() {
        assertExpansion(
            """
            @JSONModel
            struct Event {
                @JSONTransform(.iso8601) var start: Date
                @JSONKey("ends_at") @JSONTransform(ISO8601DateTransformer()) var end: Date?
            }
            """,
            expandedSource: """

            struct Event {
                var start: Date
                var end: Date?
            }

            extension Event: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["start", "ends_at"], explicit: [false, true])
                private static let _loomTransformer_0 = Loom._transformer(.iso8601)
                private static let _loomTransformer_1 = Loom._transformer(ISO8601DateTransformer())

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.transform($0, with: Self._loomTransformer_0) }
                    }
                    let v1 = try errors.capture {
                        try context.optional(s1, _loomKeys, 1) { try $1.transform($0, with: Self._loomTransformer_1) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.init(_loomMembers: u0, u1)
                }

                private init(_loomMembers u0: Date, _ u1: Date?) {
                    self.start = u0
                    var new1 = u1
                    Swift.swap(&self.end, &new1)
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Date> = nil
                    var v1: Optional<Date?> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.element(context) { try $1.transform($0, with: Self._loomTransformer_0) }
                        case 1:
                            try reader.claim(slots.v1, nullable: true)
                            slots.v1 = .some(try reader.readNull() ? .none : reader.element(context) { try $1.transform($0, with: Self._loomTransformer_1) })
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = slots.v1.take() ?? nil
                    self.init(_loomMembers: u0, u1)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.transform(self.start, with: Self._loomTransformer_0, to: &writer)
                    if let value = self.end {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        try context.transform(value, with: Self._loomTransformer_1, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Collections nest helper calls; optionals inside use `optionalValue`.
    @Test func nestedCollections() {
        assertExpansion(
            """
            @JSONModel
            struct Geometry {
                var coordinates: [[[Double]]]
                var matrix: Array<Array<Int?>>
            }
            """,
            expandedSource: """

            struct Geometry {
                var coordinates: [[[Double]]]
                var matrix: Array<Array<Int?>>
            }

            extension Geometry: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["coordinates", "matrix"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.array($0) { try $1.array($0) { try $1.array($0) { try $1.decode(Double.self, from: $0) } } } }
                    }
                    let v1 = try errors.capture {
                        try context.required(s1, _loomKeys, 1) { try $1.array($0) { try $1.array($0) { try $1.optionalValue($0) { try $1.decode(Int.self, from: $0) } } } }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.coordinates = u0
                    self.matrix = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<[[[Double]]]> = nil
                    var v1: Optional<Array<Array<Int?>>> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.array(context) { try $0.array($1) { try $0.array($1) { try $0.decode(Double.self, $1) } } }
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.array(context) { try $0.array($1) { try $0.optional($1) { try $0.decode(Int.self, $1) } } }
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.coordinates = u0
                    self.matrix = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.array(self.coordinates, to: &writer) { try context.array($0, to: &$1) { try context.array($0, to: &$1) { try context.encode($0, to: &$1) } } }
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.array(self.matrix, to: &writer) { try context.array($0, to: &$1) { try context.optionalValue($0, to: &$1) { try context.encode($0, to: &$1) } } }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Dictionaries with `String` keys use `dictionary`.
    @Test func dictionaryOfModelArrays() {
        assertExpansion(
            """
            @JSONModel
            struct Teams {
                var members: [String: [User]]
                var leads: Dictionary<String, User?>
            }
            """,
            expandedSource: """

            struct Teams {
                var members: [String: [User]]
                var leads: Dictionary<String, User?>
            }

            extension Teams: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["members", "leads"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.dictionary($0) { try $1.array($0) { try $1.decode(User.self, from: $0) } } }
                    }
                    let v1 = try errors.capture {
                        try context.required(s1, _loomKeys, 1) { try $1.dictionary($0) { try $1.optionalValue($0) { try $1.decode(User.self, from: $0) } } }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.members = u0
                    self.leads = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<[String: [User]]> = nil
                    var v1: Optional<Dictionary<String, User?>> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.dictionary(context) { try $0.array($1) { try $0.decode(User.self, $1) } }
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.dictionary(context) { try $0.optional($1) { try $0.decode(User.self, $1) } }
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.members = u0
                    self.leads = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.dictionary(self.members, to: &writer) { try context.array($0, to: &$1) { try context.encode($0, to: &$1) } }
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.dictionary(self.leads, to: &writer) { try context.optionalValue($0, to: &$1) { try context.encode($0, to: &$1) } }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Sets decode with `set` and encode as arrays.
    @Test func set() {
        assertExpansion(
            """
            @JSONModel
            struct Tagged {
                var tags: Set<String>
            }
            """,
            expandedSource: """

            struct Tagged {
                var tags: Set<String>
            }

            extension Tagged: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["tags"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.set($0) { try $1.decode(String.self, from: $0) } }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    self.tags = u0
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Set<String>> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.set(context) { try $0.decode(String.self, $1) }
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    self.tags = u0
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.array(self.tags, to: &writer) { try context.encode($0, to: &$1) }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Other dictionary keys convert through `dictionaryKey`.
    @Test func dictionaryWithIntKeys() {
        assertExpansion(
            """
            @JSONModel
            struct Ranking {
                var byRank: [Int: String]
                var byState: [State: [Int]]
            }
            """,
            expandedSource: """

            struct Ranking {
                var byRank: [Int: String]
                var byState: [State: [Int]]
            }

            extension Ranking: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["byRank", "byState"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.dictionary($0, key: { try $1.dictionaryKey(Int.self, from: $0) }) { try $1.decode(String.self, from: $0) } }
                    }
                    let v1 = try errors.capture {
                        try context.required(s1, _loomKeys, 1) { try $1.dictionary($0, key: { try $1.dictionaryKey(State.self, from: $0) }) { try $1.array($0) { try $1.decode(Int.self, from: $0) } } }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.byRank = u0
                    self.byState = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<[Int: String]> = nil
                    var v1: Optional<[State: [Int]]> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.element(context) { try $1.dictionary($0, key: { try $1.dictionaryKey(Int.self, from: $0) }) { try $1.decode(String.self, from: $0) } }
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.element(context) { try $1.dictionary($0, key: { try $1.dictionaryKey(State.self, from: $0) }) { try $1.array($0) { try $1.decode(Int.self, from: $0) } } }
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.byRank = u0
                    self.byState = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.dictionary(self.byRank, key: { context.dictionaryKey($0) }, to: &writer) { try context.encode($0, to: &$1) }
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.dictionary(self.byState, key: { context.dictionaryKey($0) }, to: &writer) { try context.array($0, to: &$1) { try context.encode($0, to: &$1) } }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Generic types get computed key sets, read once per call into locals.
    @Test func genericStruct() {
        assertExpansion(
            """
            @JSONModel
            struct Page<Item: JSONModel> {
                var items: [Item]
                @JSONKey("meta.next") var next: URL?
            }
            """,
            expandedSource: """
            struct Page<Item: JSONModel> {
                var items: [Item]
                var next: URL?
            }

            extension Page: Loom.JSONModel {
                static var _loomKeys: Loom.JSONKeySet { Loom.JSONKeySet(["items", "meta"], explicit: [false, true]) }
                static var _loomKeys_1: Loom.JSONKeySet { Loom.JSONKeySet(["next"], explicit: [true], prefix: ["meta"]) }

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    var s1_0: Loom.JSONElement? = nil
                    if let nested = try errors.capture({ try context.nestedObject(s1, _loomKeys, 1) }) ?? nil {
                        var hint1 = 0
                        for member in nested {
                            switch _loomKeys_1.match(member.key, hint: &hint1, context) {
                            case 0: context.assign(&s1_0, member.value)
                            default: break
                            }
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.array($0) { try $1.decode(Item.self, from: $0) } }
                    }
                    let v1 = try errors.capture {
                        try context.optional(s1_0, _loomKeys_1, 0) { try $1.decode(URL.self, from: $0) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.init(_loomMembers: u0, u1)
                }

                private init(_loomMembers u0: [Item], _ u1: URL?) {
                    self.items = u0
                    var new1 = u1
                    Swift.swap(&self.next, &new1)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    try writer.beginObject()
                    context.writeKey(_loomKeys, 0, to: &writer)
                    try context.array(self.items, to: &writer) { try context.encode($0, to: &$1) }
                    if context.writesNulls || self.next != nil {
                        context.writeKey(_loomKeys, 1, to: &writer)
                        try writer.beginObject()
                        if let value = self.next {
                            context.writeKey(_loomKeys_1, 0, to: &writer)
                            try context.encode(value, to: &writer)
                        } else if context.writesNulls {
                            context.writeKey(_loomKeys_1, 0, to: &writer)
                            writer.writeNull()
                        }
                        writer.endObject()
                    }
                    writer.endObject()
                }
            }
            """
        )
    }

    /// A public type gets public requirements.
    @Test func publicStruct() {
        assertExpansion(
            """
            @JSONModel
            public struct Point {
                public var x: Double
                public var y: Double
            }
            """,
            expandedSource: """

            public struct Point {
                public var x: Double
                public var y: Double
            }

            extension Point: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["x", "y"])

                public init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, Double.self, into: &errors)
                    let v1 = try context.required(s1, _loomKeys, 1, Double.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.x = u0
                    self.y = u1
                }

                public static var readsDirectly: Bool { true }

                public static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Double> = nil
                    var v1: Optional<Double> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Double.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(Double.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.x = u0
                    self.y = u1
                }

                public func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.x, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.y, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// A model-level `.snakeCase` converts names at compile time and marks them explicit.
    @Test func snakeCaseModel() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .snakeCase)
            struct Account {
                var userName: String
                var avatarURL: URL?
                @JSONKey("ID") var id: Int
            }
            """,
            expandedSource: """

            struct Account {
                var userName: String
                var avatarURL: URL?
                var id: Int
            }

            extension Account: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["user_name", "avatar_url", "ID"], explicit: [true, true, true])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, String.self, into: &errors)
                    let v1 = try errors.capture {
                        try context.optional(s1, _loomKeys, 1) { try $1.decode(URL.self, from: $0) }
                    }
                    let v2 = try context.required(s2, _loomKeys, 2, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    self.init(_loomMembers: u0, u1, u2)
                }

                private init(_loomMembers u0: String, _ u1: URL?, _ u2: Int) {
                    self.userName = u0
                    self.id = u2
                    var new1 = u1
                    Swift.swap(&self.avatarURL, &new1)
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<String> = nil
                    var v1: Optional<URL?> = nil
                    var v2: Optional<Int> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(String.self, context)
                        case 1:
                            try reader.claim(slots.v1, nullable: true)
                            slots.v1 = .some(try reader.readNull() ? .none : reader.decode(URL.self, context))
                        case 2:
                            try reader.claim(slots.v2)
                            slots.v2 = try reader.decode(Int.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = slots.v1.take() ?? nil
                    let u2 = try reader.required(slots.v2.take())
                    self.init(_loomMembers: u0, u1, u2)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.userName, to: &writer)
                    if let value = self.avatarURL {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    context.writeKey(Self._loomKeys, 2, to: &writer)
                    try context.encode(self.id, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Any other model strategy is applied once, when the key set is built.
    @Test func customStrategyModel() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .custom(uppercased))
            struct Account {
                var userName: String
                @JSONKey("id") var id: Int
            }
            """,
            expandedSource: """

            struct Account {
                var userName: String
                var id: Int
            }

            extension Account: Loom.JSONModel {
                static let _loomKeys: Loom.JSONKeySet = {
                    let strategy: Loom.JSONKeyStrategy = .custom(uppercased)
                    return Loom.JSONKeySet([strategy.key(for: "userName"), "id"], explicit: [true, true])
                }()

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, String.self, into: &errors)
                    let v1 = try context.required(s1, _loomKeys, 1, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.userName = u0
                    self.id = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<String> = nil
                    var v1: Optional<Int> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(String.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(Int.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.userName = u0
                    self.id = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.userName, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.id, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// A model without mapped properties is still valid.
    @Test func emptyStruct() {
        assertExpansion(
            """
            @JSONModel
            struct Nothing {
            }
            """,
            expandedSource: """

            struct Nothing {
            }

            extension Nothing: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet([])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var errors = Loom.JSONErrorAccumulator(context)
                    for member in members {
                        context.unknownKey(member.key, _loomKeys, into: &errors)
                    }
                    try errors.finish()
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        _ = try reader.key(_loomKeys, hint: &hint)
                        try reader.skipUnknown(context)
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    writer.endObject()
                }
            }
            """
        )
    }

    /// Static and computed properties are skipped; observed properties have storage.
    @Test func skipsStaticComputedKeepsObserved() {
        assertExpansion(
            """
            @JSONModel
            struct Counter {
                static var shared = Counter(value: 0)
                var value: Int {
                    didSet { print(value) }
                }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                }
            }
            """,
            expandedSource: """

            struct Counter {
                static var shared = Counter(value: 0)
                var value: Int {
                    didSet { print(value) }
                }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                }
            }

            extension Counter: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["value"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    self.value = u0
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    self.value = u0
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.value, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// `var a, b: Int` maps both; backticked names keep their backticks in code only.
    @Test func multipleBindingsAndBackticks() {
        assertExpansion(
            """
            @JSONModel
            struct Pair {
                var first, second: Int
                var `default`: Bool
            }
            """,
            expandedSource: """

            struct Pair {
                var first, second: Int
                var `default`: Bool
            }

            extension Pair: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["first", "second", "default"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, Int.self, into: &errors)
                    let v1 = try context.required(s1, _loomKeys, 1, Int.self, into: &errors)
                    let v2 = try context.required(s2, _loomKeys, 2, Bool.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    self.first = u0
                    self.second = u1
                    self.`default` = u2
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                    var v1: Optional<Int> = nil
                    var v2: Optional<Bool> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(Int.self, context)
                        case 2:
                            try reader.claim(slots.v2)
                            slots.v2 = try reader.decode(Bool.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    let u2 = try reader.required(slots.v2.take())
                    self.first = u0
                    self.second = u1
                    self.`default` = u2
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.first, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.second, to: &writer)
                    context.writeKey(Self._loomKeys, 2, to: &writer)
                    try context.encode(self.`default`, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// A type that declares the conformance itself gets the members without a second one.
    @Test func conformanceAlreadyDeclared() {
        assertExpansion(
            """
            @JSONModel
            struct Tag: JSONModel {
                var name: String
            }
            """,
            expandedSource: """

            struct Tag: JSONModel {
                var name: String
            }

            extension Tag {
                static let _loomKeys = Loom.JSONKeySet(["name"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, String.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    self.name = u0
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<String> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(String.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    self.name = u0
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.name, to: &writer)
                    writer.endObject()
                }
            }
            """,
            macros: loomMacrosForDeclaredConformance
        )
    }

    /// Literal dots and quotes in keys survive into the generated string literals.
    @Test func escapedKeys() {
        assertExpansion(
            #"""
            @JSONModel
            struct Odd {
                @JSONKey("a\\.b") var dotted: Int
                @JSONKey("say \"hi\"") var quoted: Int
            }
            """#,
            expandedSource: #"""

            struct Odd {
                var dotted: Int
                var quoted: Int
            }

            extension Odd: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["a.b", "say \"hi\""], explicit: [true, true])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, Int.self, into: &errors)
                    let v1 = try context.required(s1, _loomKeys, 1, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.dotted = u0
                    self.quoted = u1
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                    var v1: Optional<Int> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(Int.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    self.dotted = u0
                    self.quoted = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.dotted, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.quoted, to: &writer)
                    writer.endObject()
                }
            }
            """#
        )
    }

    /// Properties that start out with a value (`T!`, an initial value) are stored by
    /// `init(_loomMembers:)`: swapped in when the storage is plain, assigned when observers or
    /// a property wrapper stand in the way; `T!` is a `T?` parameter.
    @Test func membersInitializer() {
        assertExpansion(
            """
            @JSONModel
            struct Profile {
                var name: String
                var nickname: String!
                var tags: [String] = ["new"]
                var score: Int = 0 {
                    didSet { print(score) }
                }
                @Trimmed var title: String = ""
            }
            """,
            expandedSource: """

            struct Profile {
                var name: String
                var nickname: String!
                var tags: [String] = ["new"]
                var score: Int = 0 {
                    didSet { print(score) }
                }
                @Trimmed var title: String = ""
            }

            extension Profile: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["name", "nickname", "tags", "score", "title"])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var s3: Loom.JSONElement? = nil
                    var s4: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        case 3: context.assign(&s3, member.value)
                        case 4: context.assign(&s4, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, String.self, into: &errors)
                    let v1 = try context.optional(s1, _loomKeys, 1, String.self, into: &errors)
                    let v2 = try errors.capture {
                        try context.defaulted(s2, _loomKeys, 2, in: element, default: "[\\"new\\"]") { try $1.array($0) { try $1.decode(String.self, from: $0) } }
                    }
                    let v3 = try errors.capture {
                        try context.defaulted(s3, _loomKeys, 3, in: element, default: "0") { try $1.decode(Int.self, from: $0) }
                    }
                    let v4 = try errors.capture {
                        try context.defaulted(s4, _loomKeys, 4, in: element, default: "\\"\\"") { try $1.decode(String.self, from: $0) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    let u3 = try Loom.JSONErrorAccumulator.unwrap(v3)
                    let u4 = try Loom.JSONErrorAccumulator.unwrap(v4)
                    self.init(_loomMembers: u0, u1, u2, u3, u4)
                }

                private init(_loomMembers u0: String, _ u1: String?, _ u2: Optional<[String]>, _ u3: Optional<Int>, _ u4: Optional<String>) {
                    self.name = u0
                    if let value = u3 { self.score = value }
                    if let value = u4 { self.title = value }
                    var new1 = u1
                    Swift.swap(&self.nickname, &new1)
                    if var new2 = u2 { Swift.swap(&self.tags, &new2) }
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<String> = nil
                    var v1: Optional<String?> = nil
                    var v2: Optional<[String]> = nil
                    var v3: Optional<Int> = nil
                    var v4: Optional<String> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(String.self, context)
                        case 1:
                            try reader.claim(slots.v1, nullable: true)
                            slots.v1 = .some(try reader.readNull() ? .none : reader.decode(String.self, context))
                        case 2:
                            try reader.claim(slots.v2)
                            slots.v2 = try reader.array(context) { try $0.decode(String.self, $1) }
                        case 3:
                            try reader.claim(slots.v3)
                            slots.v3 = try reader.decode(Int.self, context)
                        case 4:
                            try reader.claim(slots.v4)
                            slots.v4 = try reader.decode(String.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                private init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = slots.v1.take() ?? nil
                    let u2 = slots.v2.take()
                    let u3 = slots.v3.take()
                    let u4 = slots.v4.take()
                    self.init(_loomMembers: u0, u1, u2, u3, u4)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.name, to: &writer)
                    if let value = self.nickname {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    context.writeKey(Self._loomKeys, 2, to: &writer)
                    try context.array(self.tags, to: &writer) { try context.encode($0, to: &$1) }
                    context.writeKey(Self._loomKeys, 3, to: &writer)
                    try context.encode(self.score, to: &writer)
                    context.writeKey(Self._loomKeys, 4, to: &writer)
                    try context.encode(self.title, to: &writer)
                    writer.endObject()
                }
            }
            """
        )
    }

    /// A function type cannot be a parameter as written (it would need `@escaping`), so such a
    /// model assigns its properties directly, as one without first values does.
    @Test func membersInitializerNeedsParameterTypes() {
        assertExpansion(
            """
            @JSONModel
            struct Hook {
                @JSONTransform(HandlerTransformer()) var handler: @Sendable () -> Void
                var label: String?
            }
            """,
            expandedSource: """
            struct Hook {
                var handler: @Sendable () -> Void
                var label: String?
            }

            extension Hook: Loom.JSONModel {
                static let _loomKeys = Loom.JSONKeySet(["handler", "label"])
                private static let _loomTransformer_0 = Loom._transformer(HandlerTransformer())

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.transform($0, with: Self._loomTransformer_0) }
                    }
                    let v1 = try context.optional(s1, _loomKeys, 1, String.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    self.handler = u0
                    self.label = u1
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.transform(self.handler, with: Self._loomTransformer_0, to: &writer)
                    if let value = self.label {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        try context.encode(value, to: &writer)
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }
            }
            """
        )
    }
}
