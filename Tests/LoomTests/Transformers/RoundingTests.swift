import Foundation
import Loom
import Testing

@JSONModel
struct RoundedProperties: Equatable {
    @JSONLenient(rounding: .down) var down: Int = 0
    @JSONLenient(rounding: .up) var up: Int8 = 0
    @JSONLenient var inherited: Int = 0
    var strict: Int = 0
}

@JSONModel @JSONLenient(rounding: .toNearestOrAwayFromZero)
struct RoundedModel: Equatable {
    var nearest: Int = 0
    @JSONLenient(rounding: .down) var down: Int = 0
    @JSONLenient(rounding: nil) var exact: Int = 0
    @JSONLenient var plain: Int = 0
    var inner: RoundedInner?
    var ownRule: TowardZeroModel?
    var values: [UInt8] = []
}

@JSONModel
struct RoundedInner: Equatable {
    var value: Int = 0
}

@JSONModel @JSONLenient(rounding: .towardZero)
struct TowardZeroModel: Equatable {
    var value: Int = 0
}

@Suite("Rounding per property, per model and per decoder")
struct RoundingTests {
    static func decoder(_ coercion: JSONCoercion) -> JSONModelDecoder {
        var decoder = JSONModelDecoder()
        decoder.coercion = coercion
        return decoder
    }

    @Test func perProperty() throws {
        let value = try RoundedProperties(jsonString: #"{"down": 2.7, "up": 1.2}"#)
        #expect(value == RoundedProperties(down: 2, up: 2))
        // Numeric strings round by the same rule.
        #expect(try RoundedProperties(jsonString: #"{"down": "-2.2", "up": "-1.5"}"#) == RoundedProperties(down: -3, up: -1))
        // Without a rule, a bare @JSONLenient and a strict property keep fractions errors.
        let lenient = try #require(throws: JSONDecodingError.self) {
            try RoundedProperties(jsonString: #"{"inherited": 2.5}"#)
        }
        #expect(lenient.description == "inherited: expected Int, found number 2.5, which is not an integer; @JSONLenient(rounding:) rounds it (line 1, column 15)")
        let strict = try #require(throws: JSONDecodingError.self) { try RoundedProperties(jsonString: #"{"strict": 2.5}"#) }
        #expect(strict.description == "strict: expected Int, found number 2.5, which is not an integer; @JSONLenient(rounding:) rounds it (line 1, column 12)")
    }

    @Test func thePropertyRuleWinsOverTheDecoders() throws {
        let decoder = Self.decoder(.lenient(rounding: .up))
        let value = try decoder.decode(RoundedProperties.self, from: #"{"down": 2.7, "inherited": 2.1, "strict": 3.1}"#)
        #expect(value == RoundedProperties(down: 2, inherited: 3, strict: 4))
    }

    @Test func theDecodersRuleReachesPropertiesMadeLenientByTheirAttribute() throws {
        // A strict decoder with a rule: it applies wherever coercion is lenient, nowhere else.
        let decoder = Self.decoder(JSONCoercion(isLenient: false, rounding: .up))
        #expect(try decoder.decode(RoundedProperties.self, from: #"{"inherited": 2.1}"#).inherited == 3)
        #expect(throws: JSONDecodingError.self) { try decoder.decode(RoundedProperties.self, from: #"{"strict": 2.1}"#) }
    }

    @Test func perModel() throws {
        let value = try RoundedModel(jsonString: #"{"nearest": 2.5, "down": 2.5, "plain": -2.5, "values": [1.5, "2.5"]}"#)
        #expect(value == RoundedModel(nearest: 3, down: 2, plain: -3, values: [2, 3]))
        // `rounding: nil` on the property keeps fractions an error inside the rounding model.
        let error = try #require(throws: JSONDecodingError.self) { try RoundedModel(jsonString: #"{"exact": 2.5}"#) }
        #expect(error.description == "exact: expected Int, found number 2.5, which is not an integer; @JSONLenient(rounding:) rounds it (line 1, column 11)")
        #expect(try RoundedModel(jsonString: #"{"exact": "2"}"#).exact == 2)
    }

    @Test func theModelRuleWinsOverTheDecoders() throws {
        for coercion in [JSONCoercion.strict, .lenient, .lenient(rounding: .down), .lenient(rounding: .up)] {
            let value = try Self.decoder(coercion).decode(RoundedModel.self, from: #"{"nearest": 2.5, "down": 2.5}"#)
            #expect(value == RoundedModel(nearest: 3, down: 2), "decoder coercion \(coercion)")
        }
    }

    @Test func nestedModelsInheritTheRuleUnlessTheyHaveTheirOwn() throws {
        let value = try RoundedModel(jsonString: #"{"inner": {"value": 2.5}, "ownRule": {"value": -2.7}}"#)
        #expect(value.inner == RoundedInner(value: 3))
        #expect(value.ownRule == TowardZeroModel(value: -2))
        // Outside a rounding model, the inner model is strict again.
        #expect(throws: JSONDecodingError.self) { try RoundedInner(jsonString: #"{"value": 2.5}"#) }
    }

    @Test func aRoundedNumberThatDoesNotFitIsStillAnError() throws {
        let error = try #require(throws: JSONDecodingError.self) { try RoundedProperties(jsonString: #"{"up": 127.5}"#) }
        #expect(error.description == "up: number 127.5 does not fit in Int8 (line 1, column 8)")
        let element = try #require(throws: JSONDecodingError.self) {
            try RoundedModel(jsonString: #"{"values": [1, 255.5]}"#)
        }
        #expect(element.description == "values[1]: number 255.5 does not fit in UInt8 (line 1, column 16)")
    }

    @Test func roundingIsReported() throws {
        let (value, report) = try JSONModelDecoder().decodeWithReport(
            RoundedProperties.self, from: #"{"down": 2.7, "up": "1.2", "inherited": 1, "strict": 2}"#)
        #expect(value == RoundedProperties(down: 2, up: 2, inherited: 1, strict: 2))
        #expect(
            report.notes.map(\.description) == [
                "down: rounded number 2.7 to Int 2 (line 1, column 10)",
                #"up: converted string "1.2" to Int8 (line 1, column 21)"#,
            ])
    }
}
