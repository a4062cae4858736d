import Foundation
import Loom
import Testing

@Suite("Archives: envelope, round trips and integrity")
struct ArchiveEnvelopeTests {
    let ada = Contact(email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", tags: ["math"], age: 36)
    let grace = Contact(email: "grace@example.com", firstName: "Grace", lastName: nil, tags: [], age: 85)

    @Test func writesTheDocumentedEnvelope() throws {
        let bytes = try JSONArchive().archiveBytes(ada)
        let expected =
            #"{"format":"loom-archive","type":"Contact","version":3,"length":92,"checksum":"c3360cb5","payload":{"email":"ada@example.com","firstName":"Ada","lastName":"Lovelace","tags":["math"],"age":36}}"#
            + "\n"
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        // The whole archive is one valid JSON document.
        #expect(try JSONValue(parsing: bytes)["payload"]?["age"]?.intValue == 36)
    }

    @Test func roundTripsOneModelAnArrayAndADictionary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let archive = JSONArchive()

        try archive.write(ada, to: directory.file("one.archive"))
        #expect(try archive.read(Contact.self, from: directory.file("one.archive")) == ada)

        try archive.write([ada, grace], to: directory.file("many.archive"))
        #expect(try archive.read([Contact].self, from: directory.file("many.archive")) == [ada, grace])

        try archive.write(["b": grace, "a": ada], to: directory.file("keyed.archive"))
        #expect(try archive.read([String: Contact].self, from: directory.file("keyed.archive")) == ["a": ada, "b": grace])
        let envelope = try archive.readEnvelope(from: directory.file("keyed.archive"))
        #expect(envelope.typeName == "[String: Contact]")
        #expect(envelope.version == 3)
        // Keys are written sorted, so equal dictionaries give equal files.
        #expect(envelope.payload.objectValue?.keys == ["a", "b"])
        #expect(try directory.names() == ["keyed.archive", "many.archive", "one.archive"])
    }

    @Test func prettyPayloadsKeepAValidChecksum() throws {
        var archive = JSONArchive()
        archive.encoder.writingOptions = .pretty()
        let bytes = try archive.archiveBytes([ada])
        #expect(String(decoding: bytes, as: UTF8.self).contains("\n  {\n    \"email\""))
        #expect(try archive.decode([Contact].self, fromArchive: bytes) == [ada])
    }

    @Test func detectsAFlippedPayloadByte() throws {
        var bytes = try JSONArchive().archiveBytes(ada)
        let position = try #require(String(decoding: bytes, as: UTF8.self).range(of: "Lovelace")?.lowerBound.utf16Offset(in: String(decoding: bytes, as: UTF8.self)))
        bytes[position] = UInt8(ascii: "M")  // "Movelace": still valid JSON
        let error = try #require(throws: JSONArchiveError.self) { try JSONArchive().decode(Contact.self, fromArchive: bytes) }
        #expect(error.kind == .checksumMismatch)
        let payload = #"{"email":"ada@example.com","firstName":"Ada","lastName":"Movelace","tags":["math"],"age":36}"#
        let actual = CRC32().updated(Array(payload.utf8)).hexDigest
        #expect(error.description == "checksum mismatch: the header says c3360cb5, the payload gives \(actual)")
    }

    @Test func everyTruncationIsReportedAsTruncated() throws {
        let bytes = try JSONArchive().archiveBytes([ada, grace])
        // Every prefix that cuts anything but the final newline.
        for length in 0..<(bytes.count - 1) {
            let error = try #require(throws: JSONArchiveError.self, "prefix of \(length) bytes") {
                try JSONArchive().decode([Contact].self, fromArchive: Array(bytes[..<length]))
            }
            #expect(error.kind == .truncated, "prefix of \(length) bytes: \(error)")
        }
        #expect(try JSONArchive().decode([Contact].self, fromArchive: Array(bytes.dropLast())) == [ada, grace])
        let error = try #require(throws: JSONArchiveError.self) {
            try JSONArchive().decode(Contact.self, fromArchive: Array(bytes[..<120]))
        }
        #expect(error.description.hasPrefix("the archive is truncated: line 1, column 121: "))
        #expect(try #require(throws: JSONArchiveError.self) { try JSONArchive().decode(Contact.self, fromArchive: []) }.description == "the archive is empty")
    }

    @Test func truncatedFileOnDiskNamesThePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("cut.archive")
        let bytes = try JSONArchive().archiveBytes(ada)
        try Data(bytes[..<(bytes.count / 2)]).write(to: url)
        let error = try #require(throws: JSONArchiveError.self) { try JSONArchive().read(Contact.self, from: url) }
        #expect(error.kind == .truncated)
        #expect(error.path == url.path)
        #expect(error.description.hasPrefix("\(url.path): the archive is truncated: "))
    }

    @Test func rejectsTheWrongTypeOrShape() throws {
        let archive = JSONArchive()
        let one = try archive.archiveBytes(ada)
        let error = try #require(throws: JSONArchiveError.self) { try archive.decode(Trail.self, fromArchive: one) }
        #expect(error.kind == .typeMismatch)
        #expect(error.description == #"the archive holds "Contact", expected "Trail""#)
        let shape = try #require(throws: JSONArchiveError.self) { try archive.decode([Contact].self, fromArchive: one) }
        #expect(shape.description == #"the archive holds "Contact", expected "[Contact]""#)
        let keyed = try #require(throws: JSONArchiveError.self) {
            try archive.decode([String: Contact].self, fromArchive: try archive.archiveBytes([ada]))
        }
        #expect(keyed.description == #"the archive holds "[Contact]", expected "[String: Contact]""#)
    }

    @Test(arguments: [
        (#"{"hello": 1}"#, JSONArchiveError.Kind.notAnArchive, #"not a loom archive: expected an object with "format": "loom-archive""#),
        (#"[1, 2]"#, .notAnArchive, #"not a loom archive: expected an object with "format": "loom-archive""#),
        (#"{"format": "loom-archive", "type": "Contact", "version": 3, "length": 2, "payload": {}}"#, .corrupted,
         #"the archive header field "checksum" is missing or not 8 hexadecimal digits"#),
        (#"{"format": "loom-archive", "type": "Contact", "version": "3", "length": 2, "checksum": "00000000", "payload": {}}"#,
         .corrupted, #"the archive header field "version" is missing or not an integer"#),
        (#"{"format": "loom-archive", "type": "Contact", "version": 3, "length": -1, "checksum": "00000000", "payload": {}}"#,
         .corrupted, #"the archive header field "length" is missing or not a non-negative integer"#),
        (#"{"format": "loom-archive", "type": "Contact", "version": 3, "length": 2, "checksum": "00000000"}"#, .corrupted,
         "the archive has no payload as its last member"),
        (#"{"format": "loom-archive", "payload": {}, "type": "Contact", "version": 3, "length": 2, "checksum": "00000000"}"#,
         .corrupted, "the archive has no payload as its last member"),
        (#"{"format": "loom-archive", "type": "Contact", "version": 3 "length": 2}"#, .corrupted,
         "the archive is not valid JSON: line 1, column 60: expected ',' or '}' after object member, found '\"'"),
    ])
    func rejectsForeignAndMalformedFiles(text: String, kind: JSONArchiveError.Kind, message: String) throws {
        let error = try #require(throws: JSONArchiveError.self) {
            try JSONArchive().decode(Contact.self, fromArchive: Array(text.utf8))
        }
        #expect(error.kind == kind)
        #expect(error.description == message)
    }

    @Test func rejectsALengthThatDoesNotMatchThePayload() throws {
        let payload = #"{"trail":[]}"#
        for length in [11, 13, 1000] {
            let bytes = handMadeArchive(type: "Trail", version: 4, payload: payload, length: length)
            let error = try #require(throws: JSONArchiveError.self) { try JSONArchive().decode(Trail.self, fromArchive: bytes) }
            #expect(error.kind == .corrupted)
            #expect(error.description == "the payload length differs from the \(length) bytes the header gives")
        }
        #expect(try JSONArchive().decode(Trail.self, fromArchive: handMadeArchive(type: "Trail", version: 4, payload: payload)) == Trail(trail: []))
    }

    @Test func reportsAMissingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("absent.archive")
        let error = try #require(throws: JSONArchiveError.self) { try JSONArchive().read(Contact.self, from: url) }
        #expect(error.kind == .fileSystem)
        #expect(error.description == "\(url.path): could not read the archive: No such file or directory (errno 2)")
    }

    @Test func aPayloadThatDoesNotDecodeLoadsNothing() throws {
        let payload = #"{"a":{"email":"a@x","firstName":"A","tags":[],"age":1},"b":{"email":"b@x","firstName":"B","tags":[],"age":"old"}}"#
        let bytes = handMadeArchive(type: "[String: Contact]", version: 3, payload: payload)
        let error = try #require(throws: JSONArchiveError.self) {
            try JSONArchive().decode([String: Contact].self, fromArchive: bytes)
        }
        #expect(error.kind == .decodingFailed)
        #expect(error.description == #"the payload does not decode as [String: Contact]: b.age: expected Int, found string "old" (line 1, column 216)"#)
        #expect((error.underlyingError as? JSONDecodingError)?.pathDescription == "b.age")
    }

    @Test func encodingFailuresAreReported() throws {
        struct Bad: JSONVersionedModel {
            static let modelVersion = 1
            init(json element: JSONElement, context: JSONDecodingContext) throws { self.init() }
            init() {}
            func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { try writer.write(Double.nan) }
        }
        let error = try #require(throws: JSONArchiveError.self) { try JSONArchive().archiveBytes(Bad()) }
        #expect(error.kind == .encodingFailed)
        #expect(error.description.hasPrefix("could not encode Bad: "))
    }
}
