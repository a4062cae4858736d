/// A model whose JSON form has a version number, so that archives written by older builds
/// can be migrated forward when they are read.
///
/// Raise ``modelVersion`` whenever the JSON form changes incompatibly, and add a
/// ``JSONMigration`` from the previous version that rewrites old JSON into the new shape.
/// Migrations run on the raw JSON of each model (a ``JSONValue``), before decoding, one
/// version at a time and forward only — like GRDB's migrations or Mantle's
/// `decodeValueForKey:withCoder:modelVersion:`.
///
/// ```swift
/// struct Contact: JSONVersionedModel {          // plus the JSONModel conformance
///     var email: String
///     var firstName: String
///     var lastName: String?
///     var tags: [String]
///
///     static let modelVersion = 3
///     static let migrations = [
///         JSONMigration(from: 1, .renameKey("mail", to: "email")),
///         JSONMigration(from: 2,
///             .splitKey("name", into: ["firstName", "lastName"], separator: " "),
///             .fillDefault("tags", [])),
///     ]
/// }
/// try JSONArchive().write(contact, to: url)
/// let again = try JSONArchive().read(Contact.self, from: url)
/// ```
public protocol JSONVersionedModel: JSONModel {
    /// The version of the JSON form this build writes and reads natively; 1 or more.
    static var modelVersion: Int { get }
    /// The steps that upgrade older JSON forms, one per version below ``modelVersion``
    /// that archives may still hold. Default: none.
    static var migrations: [JSONMigration] { get }
    /// The name archives record for this type and check when reading. Default: the Swift
    /// type name. Override it to keep old archives readable after renaming the type.
    static var archiveTypeName: String { get }
}

extension JSONVersionedModel {
    /// No migrations: only archives of the current ``modelVersion`` can be read.
    public static var migrations: [JSONMigration] { [] }

    /// The Swift type name, as `String(describing:)` writes it.
    public static var archiveTypeName: String { String(describing: Self.self) }

    /// The migrations that take JSON of `version` to ``modelVersion``, in order.
    ///
    /// - Throws: ``JSONArchiveError`` of kind ``JSONArchiveError/Kind/unsupportedVersion`` for a
    ///   version newer than ``modelVersion``, or ``JSONArchiveError/Kind/missingMigration`` when a
    ///   step is missing or defined twice.
    public static func migrationPlan(from version: Int) throws(JSONArchiveError) -> [JSONMigration] {
        let current = modelVersion
        if version > current {
            throw JSONArchiveError(
                .unsupportedVersion,
                "archive version \(version) of \(archiveTypeName) is newer than the newest version this build reads (\(current))"
            )
        }
        guard version < current else { return [] }
        var plan: [JSONMigration] = []
        plan.reserveCapacity(current - version)
        let all = migrations
        for step in version..<current {
            let candidates = all.filter { $0.fromVersion == step }
            guard let migration = candidates.first else {
                throw JSONArchiveError(
                    .missingMigration,
                    "no migration from version \(step) to \(step + 1) of \(archiveTypeName) (archive version \(version), current version \(current))"
                )
            }
            if candidates.count > 1 {
                throw JSONArchiveError(
                    .missingMigration,
                    "\(candidates.count) migrations from version \(step) to \(step + 1) of \(archiveTypeName); define exactly one"
                )
            }
            plan.append(migration)
        }
        return plan
    }
}
