import Foundation
import Loom
import Testing

// Documents at the default depth limit (512), decoded, encoded, described and dropped on
// threads with small stacks and inside `Task`s (RELIABILITY.md rows 3–5).
//
// Model decoding and encoding recurse once per model level, so the stack they need is the
// depth limit times a per-level cost of 2–4 KB; a thread whose stack is too small gets an
// error from `JSONDecodingContext.checkStack` instead of an overflow. The tests measure the
// stack actually used (the address of a local in the deepest frame against the first) and
// check it against the thread they run on.

/// A recursive model: two JSON levels (object, array) per model level.
@JSONModel
struct DeepTree: Equatable, Sendable {
    var value: Int
    var children: [DeepTree]
    var probe: StackProbe?
}

/// A recursive model through an optional property: one JSON level per model level.
@JSONModel
final class DeepLink: Sendable {
    let value: Int
    let next: DeepLink?
    let probe: StackProbe?

    init(value: Int, next: DeepLink?, probe: StackProbe? = nil) {
        self.value = value
        self.next = next
        self.probe = probe
    }

    var length: Int {
        var count = 0
        var link: DeepLink? = self
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }

    var last: DeepLink {
        var link = self
        while let next = link.next { link = next }
        return link
    }
}

/// A recursive `Codable` type, decoded and encoded through the Codable bridge.
struct DeepCodable: Codable, Equatable, Sendable {
    var kids: [DeepCodable]?
}

@JSONModel
struct DeepCodableRoot: Equatable, Sendable {
    var tree: DeepCodable
}

/// A leaf that records where the stack is when it is decoded and when it is encoded.
struct StackProbe: Equatable, Sendable, JSONModel {
    final class Box: @unchecked Sendable {
        var encodedAt: UInt = 0
    }
    var decodedAt: UInt
    let box = Box()

    init(decodedAt: UInt = 0) { self.decodedAt = decodedAt }

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        _ = try context.decode(Int.self, from: element)
        decodedAt = StackProbe.here()
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        box.encodedAt = StackProbe.here()
        writer.write(0)
    }

    static func == (a: StackProbe, b: StackProbe) -> Bool { true }

    /// The address of a local of this frame: how deep the stack is here.
    @inline(never)
    static func here() -> UInt {
        var marker = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}

/// Runs `body` on a new thread with a `stackSize`-byte stack and returns its result.
func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = stackSize
        thread.start()
    }
}

@Suite("Stack safety")
struct StackSafetyTests {
    static let limit = JSONParsingOptions().maxDepth

    /// Model levels take 2–4 KB of stack each, optimized or not (measured: an optimized
    /// build needs between 1 and 2 MB for 512 levels of `DeepLink`, a debug build about
    /// 2 MB), more under the sanitizers: the depth limit gets 4 MB. Smaller stacks are
    /// guarded by `JSONDecodingContext.checkStack` (see `smallStackIsAnErrorNotACrash`).
    static let modelStack = 4 << 20
    static let budgetPerLevel = 8 << 10

    /// `{"value":0,"children":[{"value":1,"children":[…{"value":n,"children":[],"probe":0}…]}]}`
    /// with `levels` objects: `2 × levels − 1` JSON levels.
    static func treeText(levels: Int) -> String {
        var text = ""
        for level in 0..<levels - 1 { text += #"{"value":\#(level),"children":["# }
        text += #"{"value":\#(levels - 1),"children":[],"probe":0}"#
        for _ in 0..<levels - 1 { text += "]}" }
        return text
    }

    /// `{"value":0,"next":{"value":1,"next":…{"value":n,"probe":0}…}}`: `levels` JSON levels.
    static func linkText(levels: Int) -> String {
        var text = ""
        for level in 0..<levels - 1 { text += #"{"value":\#(level),"next":"# }
        text += #"{"value":\#(levels - 1),"probe":0}"#
        text += String(repeating: "}", count: levels - 1)
        return text
    }

    /// Outcome of one deep round trip, measured on the thread that ran it.
    struct Outcome: Sendable {
        var decodeStack: UInt = 0
        var encodeStack: UInt = 0
        var levels = 0
        var roundTripped = false
        var failure: String?
    }

    static func deepTreeRoundTrip() -> Outcome {
        var outcome = Outcome()
        let text = treeText(levels: limit / 2)
        let top = StackProbe.here()
        do {
            let tree = try DeepTree(jsonString: text)
            var node = tree
            var levels = 1
            while let child = node.children.first {
                node = child
                levels += 1
            }
            outcome.levels = levels
            let probe = node.probe ?? StackProbe()
            outcome.decodeStack = top &- probe.decodedAt
            let encoded = try tree.jsonString()
            outcome.encodeStack = top &- probe.box.encodedAt
            outcome.roundTripped = try encoded == text && DeepTree(jsonString: encoded) == tree
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }

    static func deepLinkRoundTrip() -> Outcome {
        var outcome = Outcome()
        let text = linkText(levels: limit)
        let top = StackProbe.here()
        do {
            let chain = try DeepLink(jsonString: text)
            outcome.levels = chain.length
            let probe = chain.last.probe ?? StackProbe()
            outcome.decodeStack = top &- probe.decodedAt
            let encoded = try chain.jsonString()
            outcome.encodeStack = top &- probe.box.encodedAt
            outcome.roundTripped = encoded == text
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }

    static func check(_ outcome: Outcome, levels: Int, jsonLevels: Int, stack: Int, _ what: String) {
        #expect(outcome.failure == nil, "\(what): \(outcome.failure ?? "")")
        #expect(outcome.levels == levels)
        #expect(outcome.roundTripped, "\(what) did not round-trip")
        // AddressSanitizer moves locals to a "fake stack" on the heap, so the probe's address
        // says nothing there: a difference below zero or beyond any thread's stack. Then only
        // the round trip (no crash) is checked.
        let plausible = 0..<UInt(1 << 30)
        guard plausible.contains(outcome.decodeStack), plausible.contains(outcome.encodeStack) else {
            print("\(what): stack use not measurable in this build (locals not on the thread's stack)")
            return
        }
        // The probe ran, deeper than where we started, within the thread's stack.
        #expect(outcome.decodeStack > 0 && outcome.decodeStack < UInt(stack), "\(what): decode used \(outcome.decodeStack) bytes")
        #expect(outcome.encodeStack > 0 && outcome.encodeStack < UInt(stack), "\(what): encode used \(outcome.encodeStack) bytes")
        #expect(outcome.decodeStack <= UInt(jsonLevels * budgetPerLevel))
        #expect(outcome.encodeStack <= UInt(jsonLevels * budgetPerLevel))
        print("\(what): \(jsonLevels) JSON levels, decode \(outcome.decodeStack) B (\(Int(outcome.decodeStack) / jsonLevels) B/level), encode \(outcome.encodeStack) B (\(Int(outcome.encodeStack) / jsonLevels) B/level)")
    }

    @Test("a recursive model at the depth limit decodes and encodes on a small-stack thread")
    func treeOnSmallThread() async {
        let outcome = await onThread(stackSize: Self.modelStack) { Self.deepTreeRoundTrip() }
        Self.check(outcome, levels: Self.limit / 2, jsonLevels: Self.limit - 1, stack: Self.modelStack, "DeepTree on a \(Self.modelStack >> 10) KB thread")
    }

    @Test("an optional-child model at the depth limit decodes and encodes on a small-stack thread")
    func linkOnSmallThread() async {
        let outcome = await onThread(stackSize: Self.modelStack) { Self.deepLinkRoundTrip() }
        Self.check(outcome, levels: Self.limit, jsonLevels: Self.limit, stack: Self.modelStack, "DeepLink on a \(Self.modelStack >> 10) KB thread")
    }

    @Test("recursive models at the depth limit decode and encode inside a Task")
    func modelsInTask() async {
        let tree = await Task { Self.deepTreeRoundTrip() }.value
        Self.check(tree, levels: Self.limit / 2, jsonLevels: Self.limit - 1, stack: 8 << 20, "DeepTree in a Task")
        let link = await Task.detached { Self.deepLinkRoundTrip() }.value
        Self.check(link, levels: Self.limit, jsonLevels: Self.limit, stack: 8 << 20, "DeepLink in a detached Task")
    }

    @Test("a recursive model too deep for a 256 KB thread is an error, not a stack overflow")
    func smallStackIsAnErrorNotACrash() async {
        let reason = await onThread(stackSize: 256 << 10) { () -> String? in
            do {
                _ = try DeepLink(jsonString: Self.linkText(levels: Self.limit))
                return nil
            } catch let error as JSONDecodingError {
                return error.kind == .invalidValue ? error.reason : "\(error.kind)"
            } catch {
                return "\(error)"
            }
        }
        #expect(reason?.hasPrefix("nested too deep for the stack of this thread") == true, "\(reason ?? "decoded")")
    }

    @Test("one level past the limit is a depth error, not a deeper recursion")
    func modelPastTheLimit() throws {
        let error = #expect(throws: JSONDecodingError.self) { try DeepLink(jsonString: Self.linkText(levels: Self.limit + 1)) }
        #expect(error?.kind == .syntax)
        #expect(error?.syntaxError?.kind == .depthLimitExceeded)
        // The 513th `{` is at 512 × the length of `{"value":N,"next":`.
        let bytes = Array(Self.linkText(levels: Self.limit + 1).utf8)
        let offsets = bytes.indices.filter { bytes[$0] == UInt8(ascii: "{") }
        #expect(error?.byteOffset == offsets[Self.limit])
        let tree = #expect(throws: JSONDecodingError.self) { try DeepTree(jsonString: Self.treeText(levels: Self.limit / 2 + 1)) }
        #expect(tree?.syntaxError?.kind == .depthLimitExceeded)
    }

    /// `JSONValue` is stack-safe at any depth, so it gets the small stack in every build.
    @Test("a JSONValue at the depth limit parses, decodes, encodes, describes and drops on a 256 KB thread and in a Task")
    func jsonValueAtTheLimit() async {
        @Sendable func roundTrip() -> String? {
            let text = String(repeating: #"{"a":["#, count: Self.limit / 2) + "null" + String(repeating: "]}", count: Self.limit / 2)
            do {
                let value = try JSONValue(parsing: text)
                let decoded = try JSONModelDecoder().decode(JSONValue.self, from: text)
                guard decoded == value else { return "decoded value differs" }
                guard try value.jsonString() == text else { return "written text differs" }
                guard try JSONModelEncoder().encodeBytes(decoded) == Array(text.utf8) else { return "encoded text differs" }
                guard value.description == text else { return "description differs" }
                guard try JSONModelDecoder().decode([String: JSONValue].self, from: text)["a"] != nil else { return "no member" }
            } catch {
                return "\(error)"
            }
            return nil  // `value` and `decoded` are dropped here, on this thread.
        }
        #expect(await onThread(stackSize: 256 << 10, roundTrip) == nil)
        #expect(await Task { roundTrip() }.value == nil)
    }

    @Test("a 100,000-deep JSONValue built in code is written as an error, described and dropped on a 256 KB thread")
    func deepJSONValueOnSmallThread() async {
        let result = await onThread(stackSize: 256 << 10) { () -> String in
            var value: JSONValue = .null
            for index in 0..<100_000 { value = index.isMultiple(of: 2) ? .array([value]) : .object(["k": value]) }
            var outcome = ""
            do {
                _ = try value.jsonBytes()
                outcome += "written;"
            } catch let error as JSONError {
                outcome += "\(error.kind);"
            } catch {
                outcome += "other error;"
            }
            do {
                _ = try JSONModelEncoder().encodeBytes(value)
                outcome += "encoded;"
            } catch {
                outcome += "encode error;"
            }
            outcome += value.description.hasPrefix(#"{"k":[{"k":"#) ? "described;" : "bad description;"
            outcome += value == value ? "equal;" : "unequal;"
            return outcome  // `value` is dropped here.
        }
        #expect(result == "invalidValue;encode error;described;equal;")
    }

    @Test("encoding a model deeper than the writing limit throws before recursing further")
    func deepModelEncoding() async throws {
        // 600 model levels = 1,200 JSON levels; built in code, past any parse limit.
        let outcome = await onThread(stackSize: 16 << 20) { () -> [String] in
            var tree = DeepTree(value: 0, children: [])
            for level in 1...600 { tree = DeepTree(value: level, children: [tree]) }
            var chain = DeepLink(value: 0, next: nil)
            for level in 1...1_000 { chain = DeepLink(value: level, next: chain) }
            var codable = DeepCodableRoot(tree: DeepCodable(kids: nil))
            for _ in 0..<600 { codable.tree = DeepCodable(kids: [codable.tree]) }
            var messages: [String] = []
            for encode in [{ try tree.jsonString() }, { try chain.jsonString() }, { try codable.jsonString() }] {
                do {
                    _ = try encode()
                    messages.append("encoded")
                } catch {
                    messages.append("\(error)")
                }
            }
            // A raised writing limit lets the same values through.
            var encoder = JSONModelEncoder()
            encoder.writingOptions.maxDepth = 2_000
            messages.append((try? encoder.encodeBytes(tree)).map { "raised: \($0.count) bytes" } ?? "raised: failed")
            return messages
        }
        #expect(outcome.count == 4)
        for message in outcome.prefix(3) {
            #expect(message.contains("value nests deeper than the writing limit of 512"), "\(message)")
        }
        #expect(outcome.last?.hasPrefix("raised: ") == true && outcome.last != "raised: failed")
    }

    @Test("a recursive Codable type through the bridge stops at the parse limit; fits it on a small thread")
    func codableBridgeDepth() async {
        let levels = Self.limit / 2 - 1  // {"tree": {"kids": [ … ]}}: 2 JSON levels each, plus the root
        let text = #"{"tree":"# + String(repeating: #"{"kids":["#, count: levels) + "{}" + String(repeating: "]}", count: levels) + "}"
        let outcome = await onThread(stackSize: Self.modelStack * 4) { () -> String? in
            do {
                let root = try DeepCodableRoot(jsonString: text)
                guard try root.jsonString() == text else { return "round trip changed the text" }
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == nil)
        let deeper = #"{"tree":"# + String(repeating: #"{"kids":["#, count: levels + 1) + "{}" + String(repeating: "]}", count: levels + 1) + "}"
        let error = #expect(throws: JSONDecodingError.self) { try DeepCodableRoot(jsonString: deeper) }
        #expect(error?.syntaxError?.kind == .depthLimitExceeded)
    }
}
