import SwiftParser
import SwiftSyntax

// Stage 2 of the pipeline: read the `@JSON…` attributes and the macro's own arguments.
// Problems with the attribute syntax itself (a non-literal key) are reported here; whether
// the markers make sense together is the checker's job.

enum AttributeReader {
    /// The markers among `attributes`, in source order.
    /// Reports the markers in an `#if` block of an attribute list: the plugin is not told
    /// which clause is active, so it could not tell whether they apply.
    private static func reportConditionalMarkers(_ block: IfConfigDeclSyntax, diagnostics: inout DiagnosticList) {
        for clause in block.clauses {
            guard case .attributes(let attributes)? = clause.elements else { continue }
            for element in attributes {
                if case .ifConfigDecl(let nested) = element { reportConditionalMarkers(nested, diagnostics: &diagnostics) }
                guard case .attribute(let attribute) = element, let kind = markerKind(attribute) else { continue }
                let marker = Marker(kind: kind, attribute: attribute)
                diagnostics.add(.markerUnderConfiguration(marker: marker.displayName), at: attribute)
            }
        }
    }

    static func markers(in attributes: AttributeListSyntax, diagnostics: inout DiagnosticList) -> Markers {
        var markers = Markers()
        for element in attributes {
            if case .ifConfigDecl(let block) = element {
                reportConditionalMarkers(block, diagnostics: &diagnostics)
                continue
            }
            guard case .attribute(let attribute) = element, let kind = markerKind(attribute) else { continue }
            var marker = Marker(kind: kind, attribute: attribute)
            let arguments = argumentList(attribute)
            switch kind {
            case .key:
                readKeys(arguments, into: &marker, diagnostics: &diagnostics)
            case .lossy, .unknownKeys:
                if let arguments, !arguments.isEmpty {
                    diagnostics.add(.malformedMarker(marker: marker.displayName, expected: "no arguments"), at: attribute)
                }
            case .ignore:
                if let arguments, !arguments.isEmpty {
                    marker.direction = memberArgument(arguments).flatMap(Marker.Direction.init(rawValue:))
                    if marker.direction == nil {
                        diagnostics.add(
                            .malformedMarker(marker: marker.displayName, expected: "no arguments, '.decoding' or '.encoding'"),
                            at: attribute)
                    }
                }
            case .omit:
                marker.omitRule = arguments.flatMap(memberArgument).flatMap(Marker.OmitRule.init(rawValue:))
                if marker.omitRule == nil {
                    diagnostics.add(
                        .malformedMarker(marker: marker.displayName, expected: "'.never', '.whenNil' or '.whenEmpty'"),
                        at: attribute)
                }
            case .lenient:
                if let arguments, !arguments.isEmpty {
                    if arguments.count == 1, let only = arguments.first, only.label?.text == "rounding" {
                        marker.expression = only.expression
                    } else {
                        diagnostics.add(
                            .malformedMarker(
                                marker: marker.displayName, expected: "no arguments, or one 'rounding:' argument"),
                            at: attribute)
                    }
                }
            case .flatten:
                marker.flattenPrefix = flattenPrefix(arguments)
                if marker.flattenPrefix == nil {
                    diagnostics.add(
                        .malformedMarker(marker: marker.displayName, expected: "no arguments, or one 'prefix:' string literal"),
                        at: attribute)
                }
            case .merge:
                marker.mergePolicy = MergeGenerator.readPolicy(arguments, marker: marker, diagnostics: &diagnostics)
            case .defaultValue, .transform:
                if let arguments, arguments.count == 1, let only = arguments.first, only.label == nil {
                    marker.expression = only.expression
                } else {
                    diagnostics.add(
                        .malformedMarker(marker: marker.displayName, expected: "one unlabeled argument"), at: attribute)
                }
            }
            markers.all.append(marker)
        }
        return markers
    }

    /// The marker an attribute is (`@JSONKey` or `@Loom.JSONKey`), if any.
    static func markerKind(_ attribute: AttributeSyntax) -> Marker.Kind? {
        guard let name = attributeName(attribute) else { return nil }
        return Marker.Kind(rawValue: name)
    }

    /// `JSONKey` for `@JSONKey` and `@Loom.JSONKey`.
    static func attributeName(_ attribute: AttributeSyntax) -> String? {
        if let identifier = attribute.attributeName.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = attribute.attributeName.as(MemberTypeSyntax.self),
            member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Loom"
        {
            return member.name.text
        }
        return nil
    }

    /// The `prefix:` of `@JSONFlatten`: empty without arguments, `nil` unless a plain string literal.
    private static func flattenPrefix(_ arguments: LabeledExprListSyntax?) -> String? {
        guard let arguments, !arguments.isEmpty else { return "" }
        guard arguments.count == 1, let only = arguments.first, only.label?.text == "prefix" else { return nil }
        return literal(only.expression)?.text
    }

    /// `name` for a single unlabeled argument written `.name` (or `Type.name`).
    private static func memberArgument(_ arguments: LabeledExprListSyntax) -> String? {
        guard arguments.count == 1, let only = arguments.first, only.label == nil,
            let member = only.expression.as(MemberAccessExprSyntax.self)
        else { return nil }
        return member.declName.baseName.text
    }

    static func argumentList(_ attribute: AttributeSyntax) -> LabeledExprListSyntax? {
        guard let arguments = attribute.arguments else { return nil }
        if case .argumentList(let list) = arguments { return list }
        return nil
    }

    private static func readKeys(_ arguments: LabeledExprListSyntax?, into marker: inout Marker, diagnostics: inout DiagnosticList) {
        guard let arguments, let first = arguments.first else {
            diagnostics.add(
                .malformedMarker(marker: "@JSONKey", expected: "one or more keys, or 'collecting:' with an array of keys"),
                at: marker.attribute)
            return
        }
        if first.label?.text == "strategy" {
            marker.keyStyle = arguments.count == 1 ? keyStyle(first.expression) : nil
            if marker.keyStyle == nil {
                diagnostics.add(
                    .malformedMarker(
                        marker: "@JSONKey",
                        expected:
                            "one 'strategy:' of .useDefaultKeys, .snakeCase, .kebabCase, .screamingSnakeCase or .pascalCase"),
                    at: marker.attribute)
            }
            return
        }
        if first.label?.text == "collecting" {
            marker.isCollecting = true
            guard arguments.count == 1, let array = first.expression.as(ArrayExprSyntax.self) else {
                diagnostics.add(.nonLiteralKey, at: first.expression)
                return
            }
            if array.elements.isEmpty {
                diagnostics.add(.emptyCollecting, at: array)
                return
            }
            for element in array.elements {
                guard let key = literal(element.expression) else {
                    diagnostics.add(.nonLiteralKey, at: element.expression)
                    continue
                }
                marker.keys.append(key)
            }
            return
        }
        for argument in arguments {
            guard let key = literal(argument.expression) else {
                diagnostics.add(.nonLiteralKey, at: argument.expression)
                continue
            }
            marker.keys.append(key)
        }
    }

    /// The value of a plain string literal, or `nil` for anything computed.
    static func literal(_ expression: ExprSyntax) -> KeyLiteral? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue
        else { return nil }
        return KeyLiteral(text: value, node: Syntax(literal))
    }

    /// The `memberwiseInit:` argument of `@JSONModel`: `false` only when written so.
    static func memberwiseInit(of attribute: AttributeSyntax) -> Bool {
        guard let argument = argumentList(attribute)?.first(where: { $0.label?.text == "memberwiseInit" }) else {
            return true
        }
        return argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind != .keyword(.false)
    }

    /// The `keyStrategy:` argument of `@JSONModel`.
    static func keyStrategy(of attribute: AttributeSyntax) -> ModelKeyStrategy {
        guard let arguments = argumentList(attribute),
            let argument = arguments.first(where: { $0.label?.text == "keyStrategy" })
        else { return .useDefaultKeys }
        let expression = argument.expression
        if let member = expression.as(MemberAccessExprSyntax.self), isStrategyType(member.base) {
            let name = member.declName.baseName.text
            if name == "useDefaultKeys" { return .useDefaultKeys }
            if let style = KeySpelling.Style(rawValue: name) { return .converted(style) }
        }
        return .runtime(expression)
    }

    /// The style of a `strategy:` argument of `@JSONKey`: a built-in strategy the macro
    /// applies to the property name at compile time; `nil` for anything else.
    private static func keyStyle(_ expression: ExprSyntax) -> Marker.KeyStyle? {
        guard let member = expression.as(MemberAccessExprSyntax.self), isStrategyType(member.base) else { return nil }
        let name = member.declName.baseName.text
        if name == "useDefaultKeys" { return .asWritten }
        return KeySpelling.Style(rawValue: name).map(Marker.KeyStyle.converted)
    }

    /// Whether `base` is absent (`.snakeCase`) or names `JSONKeyStrategy`.
    private static func isStrategyType(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        let text = base.trimmedText
        return text == "JSONKeyStrategy" || text == "Loom.JSONKeyStrategy"
    }
}
