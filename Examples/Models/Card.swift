import Foundation
import Loom

/// A card's billing address. Stripe's card objects write it beside the card's own fields,
/// each key with an `address_` prefix (`address_city`, `address_zip`).
@JSONModel
public struct CardAddress: Equatable, Sendable {
    public var line1: String?
    public var city: String?
    public var zip: String?
    public var country: String?
}

/// A payment card, its address flattened into its own object.
@JSONModel
public struct Card: Equatable, Sendable {
    public var id: String
    public var brand: String
    public var last4: String
    @JSONKey("exp_month") public var expMonth: Int
    @JSONKey("exp_year") public var expYear: Int
    @JSONFlatten(prefix: "address_") public var address: CardAddress
}
