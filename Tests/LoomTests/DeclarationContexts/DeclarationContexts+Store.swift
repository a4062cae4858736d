import Loom

// Models in an extension of a namespace declared in another file
// (DeclarationContextTests.swift): they name each other by their short names.

extension Store {
    @JSONModel
    struct Product: Equatable {
        var name: String
        var price: Price
        var tags: [String] = []
    }

    @JSONModel
    struct Price: Equatable {
        var amount: Int
        var currency: Currency
    }

    enum Currency: String {
        case eur = "EUR"
        case usd = "USD"
    }
}
