import Foundation

/// The heap allocations a decoded result cannot avoid (the bar: allocations per decoded
/// document within 2× of the Strings, Arrays and model class instances the result must
/// contain), counted by walking the result with `Mirror`:
///
/// - a `String` of more than 15 UTF-8 bytes (shorter ones are stored inline on 64-bit
///   platforms), including dictionary keys;
/// - a non-empty `Array` or `Dictionary` (one storage buffer each; empty ones share a
///   static singleton);
/// - a class instance (e.g. the `Indirect` box that holds a retweeted status).
///
/// Structs, optionals, enums and tuples are walked into and cost nothing themselves. A
/// `Date` is a struct holding a `Double`: nothing.
enum ExpectedAllocations {
    static func count(in value: Any) -> Int {
        var total = 0
        walk(value, into: &total)
        return total
    }

    private static func walk(_ value: Any, into total: inout Int) {
        if let text = value as? String {
            if text.utf8.count > 15 { total += 1 }
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?, .dictionary?, .set?:
            if !mirror.children.isEmpty { total += 1 }
        case .class?:
            total += 1
        default:
            break
        }
        for child in mirror.children { walk(child.value, into: &total) }
    }
}
