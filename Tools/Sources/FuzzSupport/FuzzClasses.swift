import Foundation
import Loom

// Class models written by hand in the shape `@JSONModel` generates for them (see
// FuzzModels.swift; Tests/LoomMacrosTests/PolyExpansionTests.swift holds the expected
// expansions). Merging and `Codable`, which the macro also adds, are left out: the fuzz checks
// decode and encode.

/// A final class: the struct shape, with convenience initializers, `==` and `description`.
public final class FuzzAccount: Equatable, CustomStringConvertible {
    public let id: Int
    public var displayName: String?
    public var roles: [String] = []

    static let _loomKeys = _JSONKeySet(["id", "display_name", "roles"], explicit: [false, true, false])

    typealias _LoomValues = (Int, String?, Optional<[String]>)

    struct _LoomSlots {
        var v0: Optional<Int> = nil
        var v1: Optional<String?> = nil
        var v2: Optional<[String]> = nil
    }

    @inline(never)
    static func _loomRead<R: _JSONReading>(
        _ slots: inout _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys = Self._loomKeys
        guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
        var hint = 0
        repeat {
            do {
                switch try reader.nextKey(_loomKeys, hint: &hint) {
                case 0:
                    try reader.readSlot(&slots.v0, Int.self, context)
                case 1:
                    try reader.readOptionalSlot(&slots.v1, String.self, context)
                case 2:
                    try reader.claimSlot(&slots.v2)
                    slots.v2 = try reader.array(context, lossy: false) { try $0.value(String.self, $1) }
                default: try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    @inline(__always)
    static func _loomFinish<R: _JSONReading>(
        _ slots: inout _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues {
        let _loomKeys = Self._loomKeys
        try reader.required(&slots.v0, _loomKeys, 0, context)
        try reader.optional(&slots.v1, _loomKeys, 1, context)
        try reader.defaulted(&slots.v2, _loomKeys, 2, context, default: "[]")
        try reader.endObject()
        return (try reader.unwrap(slots.v0.take()), slots.v1.take() ?? nil, slots.v2.take())
    }

    public static var _readsDirectly: Bool { true }

    public static func _read(
        from reader: inout _JSONReader, context: borrowing JSONDecodingContext
    ) throws(_JSONReader.Fallback) -> Self {
        try _JSONReader.narrowing { try Self(_loomReading: &reader, context: context) }
    }

    public convenience init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        var reader = _JSONElementReader(element, context)
        try self.init(_loomReading: &reader, context: context)
    }

    convenience init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots()
        try Self._loomRead(&slots, &reader, context)
        self.init(_loomValues: try Self._loomFinish(&slots, &reader, context))
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1, u2) = values
        self.id = u0
        var new1 = u1; Swift.swap(&self.displayName, &new1)
        if var new2 = u2 { Swift.swap(&self.roles, &new2) }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        try writer.beginObject()
        try context._encode(self.id, Self._loomKeys, 0, to: &writer)
        try context._encodeOptional(self.displayName, Self._loomKeys, 1, to: &writer)
        context._writeKey(Self._loomKeys, 2, to: &writer)
        try context.array(self.roles, to: &writer) { try context.encode($0, to: &$1) }
        writer.endObject()
    }

    public static func == (lhs: FuzzAccount, rhs: FuzzAccount) -> Bool {
        JSONModelEquality.equal(lhs.id, rhs.id) && JSONModelEquality.equal(lhs.displayName, rhs.displayName)
            && JSONModelEquality.equal(lhs.roles, rhs.roles)
    }

    public var description: String {
        var fields = _JSONModelFields(self)
        fields.append("id", self.id)
        fields.append("displayName", self.displayName)
        fields.append("roles", self.roles)
        return fields.description
    }
}

extension FuzzAccount: JSONModel {}

/// The root of a class cluster: `jsonClass(for:)` chooses the class to decode. Each class reads
/// its own keys and hands the others to its superclass's member function, in one pass over the
/// object.
public class FuzzMessage: Equatable {
    public var id: Int
    public var sender: String?
    public var sent: Int?

    public class func jsonClass(for object: JSONElement) -> FuzzMessage.Type? {
        if object["image_url"] != nil { return FuzzPictureMessage.self }
        if object["body"] != nil { return FuzzTextMessage.self }
        return object["id"] != nil ? FuzzMessage.self : nil
    }

    static let _loomKeys = _JSONKeySet(["id", "sender", "meta"], explicit: [false, false, true])

    static let _loomKeys_1 = _JSONKeySet(["sent"], explicit: [true], prefix: ["meta"])

    typealias _LoomValues_FuzzMessage = (Int, String?, Int?)

    struct _LoomSlots_FuzzMessage {
        var v0: Optional<Int> = nil
        var v1: Optional<String?> = nil
        var v2: Optional<Int?> = nil
        var b1 = false
    }

    static func _loomReadMember_FuzzMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzMessage, _ slot: Int, _ keys: _JSONKeySet, _ base: Int, _ reader: inout R,
        _ context: JSONDecodingContext
    ) throws {
        let _loomKeys_1 = Self._loomKeys_1
        switch slot {
        case 0:
            try reader.readSlot(&slots.v0, Int.self, context)
        case 1:
            try reader.readOptionalSlot(&slots.v1, String.self, context)
        case 2:
            if try reader.beginNested(keys, base &+ 2, _loomKeys_1, seen: &slots.b1, context) {
                var hint1 = 0
                repeat {
                    do {
                        switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                        case 0:
                            try reader.readOptionalSlot(&slots.v2, Int.self, context)
                        default: try reader.passValue()
                        }
                    } catch {
                        try reader.recover(error, context)
                    }
                } while try reader.moreMembers()
            }
        default: try reader.passValue()
        }
    }

    @inline(never)
    static func _loomRead_FuzzMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzMessage, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys = Self._loomKeys
        guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
        var hint = 0
        repeat {
            do {
                let slot = try reader.nextKey(_loomKeys, hint: &hint)
                if slot >= 0 {
                    try FuzzMessage._loomReadMember_FuzzMessage(&slots, slot, _loomKeys, 0, &reader, context)
                } else {
                    try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    static func _loomCheck_FuzzMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzMessage, _ keys: _JSONKeySet, _ base: Int, _ reader: inout R,
        _ context: JSONDecodingContext
    ) throws {
        let _loomKeys_1 = Self._loomKeys_1
        try reader.required(&slots.v0, keys, base &+ 0, context)
        try reader.optional(&slots.v1, keys, base &+ 1, context)
        try reader.optional(&slots.v2, _loomKeys_1, 0, context)
    }

    static func _loomValues_FuzzMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzMessage, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues_FuzzMessage {
        return (try reader.unwrap(slots.v0.take()), slots.v1.take() ?? nil, slots.v2.take() ?? nil)
    }

    init<R: _JSONReading>(
        _loomSlots slots: inout _LoomSlots_FuzzMessage, _ reader: inout R, _ context: borrowing JSONDecodingContext
    ) throws {
        let (u0, u1, u2) = try FuzzMessage._loomValues_FuzzMessage(&slots, &reader, context)
        self.id = u0
        var new1 = u1; Swift.swap(&self.sender, &new1)
        var new2 = u2; Swift.swap(&self.sent, &new2)
    }

    func _loomAfterReading_FuzzMessage<R: _JSONReading>(
        _ keys: _JSONKeySet, _ base: Int, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
    }

    public required convenience init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        var reader = _JSONElementReader(element, context)
        try self.init(_loomReading: &reader, context: context)
    }

    convenience init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots_FuzzMessage()
        try FuzzMessage._loomRead_FuzzMessage(&slots, &reader, context)
        try FuzzMessage._loomCheck_FuzzMessage(&slots, FuzzMessage._loomKeys, 0, &reader, context)
        try reader.endObject()
        try self.init(_loomSlots: &slots, &reader, context)
        try self._loomAfterReading_FuzzMessage(FuzzMessage._loomKeys, 0, &reader, context)
    }

    public class var _readsDirectly: Bool { true }

    public class func _read(
        from reader: inout _JSONReader, context: borrowing JSONDecodingContext
    ) throws(_JSONReader.Fallback) -> Self {
        try reader.instance(of: Self.self, keys: Self._loomObjectKeys, context, chosenBy: Self.jsonClass(for:)) {
            try Self._loomMake(&$0, context)
        }
    }

    public class func _loomMake(
        _ reader: inout _JSONReader, _ context: JSONDecodingContext
    ) throws -> FuzzMessage {
        try FuzzMessage(_loomReading: &reader, context: context)
    }

    public class func _makeInstance(json element: JSONElement, context: JSONDecodingContext) throws -> Self {
        try context._instance(of: Self.self, json: element, chosenBy: Self.jsonClass(for:))
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(&writer) {
                try $0.beginObject()
                try self._loomEncodeMembers(to: &$0, context: $1)
                $0.endObject()
            }
        }
        try writer.beginObject()
        try self._loomEncodeMembers(to: &writer, context: context)
        writer.endObject()
    }

    public func _loomEncodeMembers(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context._encode(self.id, Self._loomKeys, 0, to: &writer)
        try context._encodeOptional(self.sender, Self._loomKeys, 1, to: &writer)
        if context.writesNulls || self.sent != nil {
            context._writeKey(Self._loomKeys, 2, to: &writer)
            try writer.beginObject()
            try context._encodeOptional(self.sent, Self._loomKeys_1, 0, to: &writer)
            writer.endObject()
        }
    }

    public class var _loomObjectKeys: _JSONKeySet {
        Self._loomKeys
    }

    public func _loomIsEqual(to other: AnyObject) -> Bool {
        guard let other = other as? FuzzMessage, ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other))
        else { return false }
        return JSONModelEquality.equal(self.id, other.id) && JSONModelEquality.equal(self.sender, other.sender)
            && JSONModelEquality.equal(self.sent, other.sent)
    }

    public func _loomHash(into hasher: inout Hasher) {
        JSONModelEquality.hash(self.id, into: &hasher)
        JSONModelEquality.hash(self.sender, into: &hasher)
        JSONModelEquality.hash(self.sent, into: &hasher)
    }

    public func _loomDescribe(into fields: inout _JSONModelFields) {
        fields.append("id", self.id)
        fields.append("sender", self.sender)
        fields.append("sent", self.sent)
    }

    public static func == (lhs: FuzzMessage, rhs: FuzzMessage) -> Bool {
        lhs._loomIsEqual(to: rhs)
    }
}

extension FuzzMessage: JSONModel {}

/// A subclass that adds a required key.
public final class FuzzTextMessage: FuzzMessage {
    public var body: String

    static let _loomKeys_FuzzTextMessage = _JSONKeySet(["body"], inheriting: FuzzMessage._loomObjectKeys)

    typealias _LoomValues_FuzzTextMessage = String

    struct _LoomSlots_FuzzTextMessage {
        var sup = FuzzMessage._LoomSlots_FuzzMessage()
        var v0: Optional<String> = nil
    }

    static func _loomReadMember_FuzzTextMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzTextMessage, _ slot: Int, _ keys: _JSONKeySet, _ base: Int, _ reader: inout R,
        _ context: JSONDecodingContext
    ) throws {
        switch slot {
        case 0:
            try reader.readSlot(&slots.v0, String.self, context)
        default: try FuzzMessage._loomReadMember_FuzzMessage(&slots.sup, slot &- 1, keys, base &+ 1, &reader, context)
        }
    }

    @inline(never)
    static func _loomRead_FuzzTextMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzTextMessage, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys_FuzzTextMessage = Self._loomKeys_FuzzTextMessage
        guard try reader.beginObject(Self.self, _loomKeys_FuzzTextMessage, context) else { return }
        var hint = 0
        repeat {
            do {
                let slot = try reader.nextKey(_loomKeys_FuzzTextMessage, hint: &hint)
                if slot >= 0 {
                    try FuzzTextMessage._loomReadMember_FuzzTextMessage(
                        &slots, slot, _loomKeys_FuzzTextMessage, 0, &reader, context)
                } else {
                    try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    static func _loomCheck_FuzzTextMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzTextMessage, _ keys: _JSONKeySet, _ base: Int, _ reader: inout R,
        _ context: JSONDecodingContext
    ) throws {
        try reader.required(&slots.v0, keys, base &+ 0, context)
        try FuzzMessage._loomCheck_FuzzMessage(&slots.sup, keys, base &+ 1, &reader, context)
    }

    static func _loomValues_FuzzTextMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzTextMessage, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues_FuzzTextMessage {
        return try reader.unwrap(slots.v0.take())
    }

    init<R: _JSONReading>(
        _loomSlots slots: inout _LoomSlots_FuzzTextMessage, _ reader: inout R, _ context: borrowing JSONDecodingContext
    ) throws {
        let u0 = try FuzzTextMessage._loomValues_FuzzTextMessage(&slots, &reader, context)
        self.body = u0
        try super.init(_loomSlots: &slots.sup, &reader, context)
    }

    func _loomAfterReading_FuzzTextMessage<R: _JSONReading>(
        _ keys: _JSONKeySet, _ base: Int, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        try self._loomAfterReading_FuzzMessage(keys, base &+ 1, &reader, context)
    }

    public required convenience init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        var reader = _JSONElementReader(element, context)
        try self.init(_loomReading: &reader, context: context)
    }

    convenience init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots_FuzzTextMessage()
        try FuzzTextMessage._loomRead_FuzzTextMessage(&slots, &reader, context)
        try FuzzTextMessage._loomCheck_FuzzTextMessage(
            &slots, FuzzTextMessage._loomKeys_FuzzTextMessage, 0, &reader, context)
        try reader.endObject()
        try self.init(_loomSlots: &slots, &reader, context)
        try self._loomAfterReading_FuzzTextMessage(
            FuzzTextMessage._loomKeys_FuzzTextMessage, 0, &reader, context)
    }

    public override class func _loomMake(
        _ reader: inout _JSONReader, _ context: JSONDecodingContext
    ) throws -> FuzzTextMessage {
        try FuzzTextMessage(_loomReading: &reader, context: context)
    }

    public override func _loomEncodeMembers(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try super._loomEncodeMembers(to: &writer, context: context)
        context._writeKey(Self._loomKeys_FuzzTextMessage, 0, to: &writer)
        try context.encode(self.body, to: &writer)
    }

    public override class var _loomObjectKeys: _JSONKeySet {
        Self._loomKeys_FuzzTextMessage
    }

    public override func _loomIsEqual(to other: AnyObject) -> Bool {
        guard super._loomIsEqual(to: other), let other = other as? FuzzTextMessage else { return false }
        return JSONModelEquality.equal(self.body, other.body)
    }

    public override func _loomHash(into hasher: inout Hasher) {
        super._loomHash(into: &hasher)
        JSONModelEquality.hash(self.body, into: &hasher)
    }

    public override func _loomDescribe(into fields: inout _JSONModelFields) {
        super._loomDescribe(into: &fields)
        fields.append("body", self.body)
    }
}

/// A subclass with a key path of its own.
public final class FuzzPictureMessage: FuzzMessage {
    public var imageURL: URL
    public var width: Int?

    static let _loomKeys_FuzzPictureMessage = _JSONKeySet(
        ["image_url", "size"], explicit: [true, true], inheriting: FuzzMessage._loomObjectKeys)

    static let _loomKeys_FuzzPictureMessage_1 = _JSONKeySet(["width"], explicit: [true], prefix: ["size"])

    typealias _LoomValues_FuzzPictureMessage = (URL, Int?)

    struct _LoomSlots_FuzzPictureMessage {
        var sup = FuzzMessage._LoomSlots_FuzzMessage()
        var v0: Optional<URL> = nil
        var v1: Optional<Int?> = nil
        var b1 = false
    }

    static func _loomReadMember_FuzzPictureMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzPictureMessage, _ slot: Int, _ keys: _JSONKeySet, _ base: Int, _ reader: inout R,
        _ context: JSONDecodingContext
    ) throws {
        let _loomKeys_FuzzPictureMessage_1 = Self._loomKeys_FuzzPictureMessage_1
        switch slot {
        case 0:
            try reader.readSlot(&slots.v0, URL.self, context)
        case 1:
            if try reader.beginNested(keys, base &+ 1, _loomKeys_FuzzPictureMessage_1, seen: &slots.b1, context) {
                var hint1 = 0
                repeat {
                    do {
                        switch try reader.nextKey(_loomKeys_FuzzPictureMessage_1, hint: &hint1) {
                        case 0:
                            try reader.readOptionalSlot(&slots.v1, Int.self, context)
                        default: try reader.passValue()
                        }
                    } catch {
                        try reader.recover(error, context)
                    }
                } while try reader.moreMembers()
            }
        default: try FuzzMessage._loomReadMember_FuzzMessage(&slots.sup, slot &- 2, keys, base &+ 2, &reader, context)
        }
    }

    @inline(never)
    static func _loomRead_FuzzPictureMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzPictureMessage, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys_FuzzPictureMessage = Self._loomKeys_FuzzPictureMessage
        guard try reader.beginObject(Self.self, _loomKeys_FuzzPictureMessage, context) else { return }
        var hint = 0
        repeat {
            do {
                let slot = try reader.nextKey(_loomKeys_FuzzPictureMessage, hint: &hint)
                if slot >= 0 {
                    try FuzzPictureMessage._loomReadMember_FuzzPictureMessage(
                        &slots, slot, _loomKeys_FuzzPictureMessage, 0, &reader, context)
                } else {
                    try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    static func _loomCheck_FuzzPictureMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzPictureMessage, _ keys: _JSONKeySet, _ base: Int, _ reader: inout R,
        _ context: JSONDecodingContext
    ) throws {
        let _loomKeys_FuzzPictureMessage_1 = Self._loomKeys_FuzzPictureMessage_1
        try reader.required(&slots.v0, keys, base &+ 0, context)
        try reader.optional(&slots.v1, _loomKeys_FuzzPictureMessage_1, 0, context)
        try FuzzMessage._loomCheck_FuzzMessage(&slots.sup, keys, base &+ 2, &reader, context)
    }

    static func _loomValues_FuzzPictureMessage<R: _JSONReading>(
        _ slots: inout _LoomSlots_FuzzPictureMessage, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues_FuzzPictureMessage {
        return (try reader.unwrap(slots.v0.take()), slots.v1.take() ?? nil)
    }

    init<R: _JSONReading>(
        _loomSlots slots: inout _LoomSlots_FuzzPictureMessage, _ reader: inout R,
        _ context: borrowing JSONDecodingContext
    ) throws {
        let (u0, u1) = try FuzzPictureMessage._loomValues_FuzzPictureMessage(&slots, &reader, context)
        self.imageURL = u0
        var new1 = u1; Swift.swap(&self.width, &new1)
        try super.init(_loomSlots: &slots.sup, &reader, context)
    }

    func _loomAfterReading_FuzzPictureMessage<R: _JSONReading>(
        _ keys: _JSONKeySet, _ base: Int, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        try self._loomAfterReading_FuzzMessage(keys, base &+ 2, &reader, context)
    }

    public required convenience init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        var reader = _JSONElementReader(element, context)
        try self.init(_loomReading: &reader, context: context)
    }

    convenience init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots_FuzzPictureMessage()
        try FuzzPictureMessage._loomRead_FuzzPictureMessage(&slots, &reader, context)
        try FuzzPictureMessage._loomCheck_FuzzPictureMessage(
            &slots, FuzzPictureMessage._loomKeys_FuzzPictureMessage, 0, &reader, context)
        try reader.endObject()
        try self.init(_loomSlots: &slots, &reader, context)
        try self._loomAfterReading_FuzzPictureMessage(
            FuzzPictureMessage._loomKeys_FuzzPictureMessage, 0, &reader, context)
    }

    public override class func _loomMake(
        _ reader: inout _JSONReader, _ context: JSONDecodingContext
    ) throws -> FuzzPictureMessage {
        try FuzzPictureMessage(_loomReading: &reader, context: context)
    }

    public override func _loomEncodeMembers(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try super._loomEncodeMembers(to: &writer, context: context)
        context._writeKey(Self._loomKeys_FuzzPictureMessage, 0, to: &writer)
        try context.encode(self.imageURL, to: &writer)
        if context.writesNulls || self.width != nil {
            context._writeKey(Self._loomKeys_FuzzPictureMessage, 1, to: &writer)
            try writer.beginObject()
            if let value = self.width {
                context._writeKey(Self._loomKeys_FuzzPictureMessage_1, 0, to: &writer)
                try context.encode(value, to: &writer)
            } else if context.writesNulls {
                context._writeKey(Self._loomKeys_FuzzPictureMessage_1, 0, to: &writer)
                writer.writeNull()
            }
            writer.endObject()
        }
    }

    public override class var _loomObjectKeys: _JSONKeySet {
        Self._loomKeys_FuzzPictureMessage
    }

    public override func _loomIsEqual(to other: AnyObject) -> Bool {
        guard super._loomIsEqual(to: other), let other = other as? FuzzPictureMessage else { return false }
        return JSONModelEquality.equal(self.imageURL, other.imageURL)
            && JSONModelEquality.equal(self.width, other.width)
    }

    public override func _loomHash(into hasher: inout Hasher) {
        super._loomHash(into: &hasher)
        JSONModelEquality.hash(self.imageURL, into: &hasher)
        JSONModelEquality.hash(self.width, into: &hasher)
    }

    public override func _loomDescribe(into fields: inout _JSONModelFields) {
        super._loomDescribe(into: &fields)
        fields.append("imageURL", self.imageURL)
        fields.append("width", self.width)
    }
}
