import Foundation
import PropertyBased
import Testing

@testable import Loom

// Key matching compares bytes a word at a time with overlapping last words (JSONKeySet.swift);
// an off-by-one there would match a key that differs in its last bytes or read past it.
@Suite("Key matching")
struct KeyMatchingTests {
    @Test("keys of every length up to 40 bytes are equal only when every byte is")
    func everyLengthAndPosition() {
        for length in 0...40 {
            let key = (0..<length).map { UInt8(0x61 + $0 % 26) }
            // Copies in buffers of their exact size, so a read past the end would show under ASan.
            let left = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
            let right = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
            defer {
                left.deallocate()
                right.deallocate()
            }
            left.initialize(from: key, count: length)
            right.initialize(from: key, count: length)
            #expect(keyBytesEqual(left, right, length), "length \(length)")
            for position in 0..<length {
                right[position] ^= 0x20
                #expect(!keyBytesEqual(left, right, length), "length \(length), byte \(position)")
                right[position] ^= 0x20
            }
        }
    }

    @Test("a key set finds each key among neighbours that share its prefix or suffix, in any order")
    func sharedPrefixesAndSuffixes() throws {
        let names = [
            "profile_image_url", "profile_image_url_https", "profile_background_image_url",
            "profile_background_image_url_https", "id", "id_str", "a", "ab", "abc", "abcd", "abcde",
            "bbcd", "abce", "", "url", "urls", "x_url",
        ]
        let keys = _JSONKeySet(names)
        let context = JSONDecodingContext(decoder: JSONModelDecoder())
        for order in [Array(names.indices), names.indices.reversed()] {
            let text = "{" + order.map { "\"\(names[$0])\":\($0)" }.joined(separator: ",") + ",\"unknown_key\":0}"
            let document = try JSONDocument(parsing: text)
            withExtendedLifetime(document) {
                var hint = 0
                for member in document.root.members {
                    let slot = keys.match(member.key, hint: &hint, context)
                    let expected = member.value.integerValue(Int.self) ?? -2
                    #expect(slot == (member.key.stringValue == "unknown_key" ? -1 : expected), "\(member.key.stringValue ?? "")")
                }
            }
        }
    }

    /// Keys from a small alphabet, so that many share their length, first and last bytes and
    /// so their hash: the index must still tell them apart, give the first of two equal keys,
    /// and find no key that is not there, whatever the hint.
    @Test("the hashed index finds every key, the first of equal keys, and nothing else")
    func hashedIndexOverGeneratedKeySets() async {
        let key = Gen<Character?>.element(of: Array("ab_é") as [Character]).map { $0 ?? "a" }.string(of: 0...10)
        await propertyCheck(count: 300, input: key.array(of: 1...40), key.array(of: 0...20), Gen.int(in: 0...45)) {
            names, probes, hint in
            let table = KeyBytes(names)
            defer { table.deallocate() }
            for name in names + probes {
                // The slot the hint expects is tried first; otherwise the first slot with the key.
                let expected = hint < names.count && names[hint] == name ? hint : (names.firstIndex(of: name) ?? -1)
                var next = hint
                let found = Array(name.utf8).withUnsafeBufferPointer { table.find($0, hint: &next) }
                #expect(found == expected, "\(name) in \(names), hint \(hint)")
                #expect(next == (found >= 0 ? found + 1 : hint))
            }
        }
    }

    /// The inline path compares raw bytes, so an escaped key must take the general path. The
    /// raw bytes of `"a\u0062"` equal the first name exactly, but the key is `ab`.
    @Test("escaped keys match by their unescaped text, also where the hint expects another key")
    func escapedKeys() throws {
        let keys = _JSONKeySet(["a\\u0062", "ab", "id"])
        let context = JSONDecodingContext(decoder: JSONModelDecoder())
        let document = try JSONDocument(parsing: #"{"a\u0062":1,"\u0069d":2,"a\\u0062":0}"#)
        withExtendedLifetime(document) {
            var hint = 0
            let slots = document.root.members.map { keys.match($0.key, hint: &hint, context) }
            #expect(slots == [1, 2, 0])
        }
    }
}
