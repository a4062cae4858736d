import Loom

// botocore's paginators-1.json, modelled by hand from the format's documentation rather than
// from one file: what `loom generate` is measured against (RealInputTests.swift).

/// A service's paginators, by operation name.
@JSONModel
struct HandPaginators: Hashable, Sendable {
    var pagination: [String: HandPaginator]
}

/// How to page through one operation's results.
@JSONModel
struct HandPaginator: Hashable, Sendable {
    /// A request member name, or several (`["KeyMarker", "UploadIdMarker"]`).
    @JSONKey("input_token") var inputToken: JSONValue
    /// A response member path, or several.
    @JSONKey("output_token") var outputToken: JSONValue
    @JSONKey("limit_key") var limitKey: String?
    /// A response member path, or several.
    @JSONKey("result_key") var resultKey: JSONValue?
    @JSONKey("more_results") var moreResults: String?
    @JSONKey("non_aggregate_keys") var nonAggregateKeys: [String]?
}
