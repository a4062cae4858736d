import SwiftDiagnostics

/// The problems of class models, polymorphic enums, hooks and merging. Same rules as
/// `ModelDiagnostic`: quote what they are about, lowercase, no trailing period.
enum PolyDiagnostic: DiagnosticMessage {
    case representationOnNonEnum
    case unknownRepresentation
    case emptyTagKey
    case mixedLabels(name: String)
    case unlabeledValuesInternal(name: String)
    case labelIsTagKey(name: String, label: String)
    case fallbackWithSeveralValues(name: String)
    case valueTagRepresentation(representation: String)
    case mixedTagKinds(name: String)
    case unitCaseNotRepresentable(name: String, representation: String)
    case duplicateTag(tag: String, first: String, second: String)
    case repeatedFallback
    case markerOnCase(marker: String)
    case caseMarkerOnProperty(marker: String, property: String)
    case tagOnSeveralCases(marker: String)
    case noCases(name: String)
    case numericRawValues(name: String, type: String)
    case enumKeyStrategy
    case malformedTag
    case notAModelSuperclass(name: String, superclass: String)
    case willEncodeCopyOnClass
    case chooserNotAtRoot
    case asyncHook(name: String)
    case mergeConflict(property: String, function: String)
    case malformedMergePolicy
    case replaceIfPresentOnNonOptional(property: String)
    case mergeOnLet(property: String)

    var message: String {
        switch self {
        case .representationOnNonEnum:
            return "'representation:' applies only to '@JSONModel' enums"
        case .unknownRepresentation:
            return
                "'representation:' must be .external, .internal(tag:), .adjacent(tag:content:), .untagged or .chosenByContent, with string literal keys"
        case .emptyTagKey:
            return "the tag and content keys of an enum representation cannot be empty, nor the same key"
        case .mixedLabels(let name):
            return
                "case '\(name)' mixes labeled and unlabeled associated values; label all of them (a JSON object) or none (a JSON array)"
        case .unlabeledValuesInternal(let name):
            return
                "case '\(name)' has several unlabeled associated values, written as a JSON array, which the internal representation cannot put the tag in; label them or use .adjacent(tag:content:)"
        case .labelIsTagKey(let name, let label):
            return "label '\(label)' of case '\(name)' is the tag key of the internal representation; rename one of them"
        case .fallbackWithSeveralValues(let name):
            return "'@JSONFallback' case '\(name)' has several associated values; a fallback case carries one value (or none)"
        case .valueTagRepresentation(let representation):
            return
                "integer and Boolean tags are written as the value of a tag key, which the \(representation) representation does not have; use .internal(tag:) or .adjacent(tag:content:), or a string tag"
        case .mixedTagKinds(let name):
            return
                "case '\(name)' has a string tag where other cases have integer or Boolean tags; give every case a tag of the same kind with '@JSONTag'"
        case .unitCaseNotRepresentable(let name, let representation):
            return
                "case '\(name)' has no payload, which the \(representation) representation cannot write; give it a payload or use a tagged representation"
        case .duplicateTag(let tag, let first, let second):
            return "tag \(tag) of case '\(second)' is already used by case '\(first)'"
        case .repeatedFallback:
            return "only one case can be '@JSONFallback'"
        case .markerOnCase(let marker):
            return "'\(marker)' does not apply to enum cases; use '@JSONTag' to name a case's tag"
        case .caseMarkerOnProperty(let marker, let property):
            return "'\(marker)' applies to cases of '@JSONModel' enums, not to property '\(property)'"
        case .tagOnSeveralCases(let marker):
            return "'\(marker)' on a declaration of several cases; declare each case on its own line"
        case .noCases(let name):
            return "'@JSONModel' enum '\(name)' has no cases to decode"
        case .numericRawValues(let name, let type):
            return
                "'@JSONModel' would tag the cases of '\(name)' by name, not by their '\(type)' raw values; remove '@JSONModel' to read and write the raw values, or give every case a '@JSONTag'"
        case .enumKeyStrategy:
            return "on an enum, 'keyStrategy:' must be .useDefaultKeys, .snakeCase, .kebabCase, .screamingSnakeCase or .pascalCase, applied to the case names at compile time"
        case .malformedTag:
            return "'@JSONTag' expects one or more non-empty string literals, or integer or Boolean literals"
        case .notAModelSuperclass(let name, let superclass):
            return
                "'@JSONModel' class '\(name)' inherits from '\(superclass)', which is not a model; the superclass of a class model must itself be a '@JSONModel' class"
        case .willEncodeCopyOnClass:
            return "'jsonWillEncode()' of a class cannot return a copy; change the instance or throw"
        case .asyncHook(let name):
            return "'\(name)' runs during decoding or encoding, which do not suspend; it cannot be 'async'"
        case .chooserNotAtRoot:
            return
                "'jsonClass(for:)' must be declared by the root model class of the hierarchy; a subclass can only 'override' it"
        case .mergeConflict(let property, let function):
            return "'@JSONMerge' on '\(property)', which also has 'static func \(function)'; keep one"
        case .malformedMergePolicy:
            return "'@JSONMerge' expects .keep, .replace or .replaceIfPresent"
        case .replaceIfPresentOnNonOptional(let property):
            return "'@JSONMerge(.replaceIfPresent)' on '\(property)', which is not optional; non-optional properties are always present"
        case .mergeOnLet(let property):
            return "'@JSONMerge' on 'let' property '\(property)', which merge(from:) cannot assign"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .representationOnNonEnum: id = "representationOnNonEnum"
        case .unknownRepresentation: id = "unknownRepresentation"
        case .emptyTagKey: id = "emptyTagKey"
        case .mixedLabels: id = "mixedLabels"
        case .unlabeledValuesInternal: id = "unlabeledValuesInternal"
        case .labelIsTagKey: id = "labelIsTagKey"
        case .fallbackWithSeveralValues: id = "fallbackWithSeveralValues"
        case .valueTagRepresentation: id = "valueTagRepresentation"
        case .mixedTagKinds: id = "mixedTagKinds"
        case .unitCaseNotRepresentable: id = "unitCaseNotRepresentable"
        case .duplicateTag: id = "duplicateTag"
        case .repeatedFallback: id = "repeatedFallback"
        case .markerOnCase: id = "markerOnCase"
        case .caseMarkerOnProperty: id = "caseMarkerOnProperty"
        case .tagOnSeveralCases: id = "tagOnSeveralCases"
        case .noCases: id = "noCases"
        case .numericRawValues: id = "numericRawValues"
        case .enumKeyStrategy: id = "enumKeyStrategy"
        case .malformedTag: id = "malformedTag"
        case .notAModelSuperclass: id = "notAModelSuperclass"
        case .willEncodeCopyOnClass: id = "willEncodeCopyOnClass"
        case .chooserNotAtRoot: id = "chooserNotAtRoot"
        case .asyncHook: id = "asyncHook"
        case .mergeConflict: id = "mergeConflict"
        case .malformedMergePolicy: id = "malformedMergePolicy"
        case .replaceIfPresentOnNonOptional: id = "replaceIfPresentOnNonOptional"
        case .mergeOnLet: id = "mergeOnLet"
        }
        return MessageID(domain: "Loom", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
