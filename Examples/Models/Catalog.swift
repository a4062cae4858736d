import Foundation
import Loom

/// A namespace of public models, as a library would vend them: the models name each other by
/// their short names, and other modules use them as `Catalog.Product`.
public enum Catalog {
    /// A product with its price and variants.
    @JSONModel
    public struct Product: Equatable, Sendable {
        public var sku: String
        public var price: Price
        public var variants: [Variant] = []
    }

    /// An amount in minor units and its currency code.
    @JSONModel
    public struct Price: Equatable, Sendable {
        public var amount: Int
        public var currency: String
    }

    /// One variant of a product.
    @JSONModel
    public struct Variant: Equatable, Sendable {
        public var color: String
        public var size: String?
    }
}
