import Foundation
import Loom

/// A weather report whose nested `weather.*` readings become top-level properties
/// (Mantle's key-path mapping), with `observed_at` as a date.
@JSONModel
public struct WeatherReport: Equatable, Sendable {
    public var city: String
    @JSONKey("coord.lat") public var latitude: Double
    @JSONKey("coord.lon") public var longitude: Double
    @JSONKey("weather.temp") public var temperature: Double
    @JSONKey("weather.temp_max") public var maximumTemperature: Double
    @JSONKey("weather.temp_min") public var minimumTemperature: Double
    @JSONKey("weather.humidity") public var humidity: Int
    @JSONKey("weather.description") public var summary: String
    @JSONKey("wind.speed") public var windSpeed: Double?
    @JSONKey("observed_at") @JSONTransform(.iso8601) public var observedAt: Date
}

/// The same payload with `temp` and `temp_max` collected into one property (Mantle's array
/// of key paths), keyed by the key paths as written.
@JSONModel
public struct WeatherRange: Equatable, Sendable {
    public var city: String
    @JSONKey(collecting: ["weather.temp", "weather.temp_max"]) public var temperatures: [String: Double]
}
