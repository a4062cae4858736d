import Foundation
@_spi(Testing) import Loom
import Testing

@Suite("Streaming: elements of a top-level array")
struct StreamingArrayTests {
    /// Brackets, braces, quotes and backslashes inside strings; scalars next to delimiters.
    let tricky = #"""
         [{"a":"]}\"[","b":[1,{"c":"}"}]}, "x\\\"y\\", 1.5e3,true,null ,[[]],{},-0,"é\u00e9",
          "\\", [ "[" , "]" ] , 12345678901234567890 ]
        """#

    @Test(arguments: [1, 2, 3, 5, 8, 13, 4096])
    func findsTheSameElementsAsAWholeParse(chunkSize: Int) throws {
        let expected = try #require(try JSONValue(parsing: tricky).arrayValue)
        let streamed = try JSONStream(JSONValue.self, format: .array, bytes: Array(tricky.utf8), options: .chunked(chunkSize))
            .decodeAll()
        #expect(streamed == expected)
        #expect(streamed.count == 12)
    }

    @Test func emptyArrays() throws {
        #expect(try JSONStream(JSONValue.self, format: .array, bytes: Array("[]".utf8)).decodeAll() == [])
        #expect(try JSONStream(JSONValue.self, format: .array, bytes: Array(" \n[ \t]\n ".utf8)).decodeAll() == [])
    }

    @Test(arguments: [
        ("", "line 1, column 1: expected '[' to open the top-level array, found end of input", 0),
        (#"{"a":1}"#, "line 1, column 1: expected '[' to open the top-level array, found '{'", 0),
        ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'", 1),
        ("[1,]", "line 1, column 4: expected a value after ',', found ']'", 1),
        ("[,1]", "line 1, column 2: expected a value, found ','", 0),
        ("[1] x", "line 1, column 5: unexpected 'x' after the top-level array", 1),
        ("[1]]", "line 1, column 4: unexpected ']' after the top-level array", 1),
        ("[1,\n {\"a\":", "line 2, column 7: unexpected end of input inside element 1 of the top-level array", 1),
        ("[1,", "line 1, column 4: unexpected end of input, expected ']' to close the top-level array", 1),
        ("[1", "line 1, column 3: unexpected end of input, expected ']' to close the top-level array", 1),
        ("[\"abc", "line 1, column 6: unexpected end of input inside element 0 of the top-level array", 0),
    ])
    func framingErrorsStopTheStreamEvenWhenSkipping(text: String, message: String, decodedBefore: Int) throws {
        for chunkSize in [1, 4096] {
            let skipped = SkippedErrors()
            var options = skipped.options(.chunked(chunkSize))
            let (values, failure) = collect(JSONStream(JSONValue.self, format: .array, bytes: Array(text.utf8), options: options))
            #expect(values.count == decodedBefore)
            let error = try #require(failure)
            #expect(error.kind == .framing)
            #expect(error.description == message)
            #expect(!error.isSkippable)
            #expect(skipped.all.isEmpty)
            options.onError = .throw
        }
    }

    @Test func trailingCommasFollowTheParsingOptions() throws {
        var decoder = JSONModelDecoder()
        decoder.parsingOptions = .relaxed
        #expect(try JSONStream(JSONValue.self, format: .array, bytes: Array("[1,2,]".utf8), decoder: decoder).decodeAll() == [1, 2])
    }

    let multiline = """
        [
          {"login": "a", "id": 1},
          {"login": tru, "id": 2},
          {"login": "c", "id": "3"},
          {"login": "d", "id": 4}
        ]
        """

    @Test(arguments: [1, 7, 4096])
    func elementErrorsCarryStreamPositionsAndCanBeSkipped(chunkSize: Int) throws {
        let error = try #require(throws: JSONStreamError.self) {
            try JSONStream(HandUser.self, format: .array, bytes: Array(multiline.utf8), options: .chunked(chunkSize)).decodeAll()
        }
        #expect(error.kind == .syntax)
        #expect(error.description == "line 3, column 16: invalid literal, expected 'true', found ','")
        #expect(error.elementIndex == 1)

        let skipped = SkippedErrors()
        let users = try JSONStream(
            HandUser.self, format: .array, bytes: Array(multiline.utf8), options: skipped.options(.chunked(chunkSize))
        ).decodeAll()
        #expect(users == [HandUser(login: "a", id: 1), HandUser(login: "d", id: 4)])
        #expect(skipped.descriptions == [
            "line 3, column 16: invalid literal, expected 'true', found ','",
            #"line 4, column 24: id: expected Int, found string "3""#,
        ])
        #expect(skipped.all.map(\.elementIndex) == [1, 2])
    }

    @Test(arguments: [1, 3, 64, 4096])
    func oversizedElementsAreSkippedWithoutBeingHeld(chunkSize: Int) throws {
        let big = "{\"login\":\"" + String(repeating: "[{\\\"", count: 5000) + "\",\"id\":0}"
        let text = "[{\"login\":\"a\",\"id\":1},\n \(big), {\"login\":\"c\",\"id\":3}]"
        let skipped = SkippedErrors()
        let stream = JSONStream(
            HandUser.self, format: .array, bytes: Array(text.utf8),
            options: skipped.options(.chunked(chunkSize, maxElementSize: 100)))
        var iterator = stream.makeIterator()
        var logins: [String] = []
        while let user = try iterator.nextElement() { logins.append(user.login) }
        #expect(logins == ["a", "c"])
        #expect(skipped.descriptions == ["line 2, column 2: element is larger than the limit of 100 bytes"])
        #expect(iterator._peakBufferCapacity <= 2 * (100 + chunkSize))

        let error = try #require(throws: JSONStreamError.self) {
            try JSONStream(HandUser.self, format: .array, bytes: Array(text.utf8), options: .chunked(chunkSize, maxElementSize: 100))
                .decodeAll()
        }
        #expect(error.kind == .elementTooLarge)
    }

    @Test func aTopLevelScalarEndsAtTheClosingBracket() throws {
        #expect(try JSONStream(JSONValue.self, format: .array, bytes: Array("[1,-2.5e1,true]".utf8), options: .chunked(1)).decodeAll() == [1, -25.0, true])
        let error = try #require(throws: JSONStreamError.self) {
            try JSONStream(JSONValue.self, format: .array, bytes: Array("[1,tru]".utf8)).decodeAll()
        }
        // The element `tru` is parsed on its own: its end is the end of its input.
        #expect(error.description == "line 1, column 7: unexpected end of input in literal 'true'")
    }
}
