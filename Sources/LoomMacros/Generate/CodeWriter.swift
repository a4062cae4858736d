/// Accumulates generated source line by line with four-space indentation.
///
/// The generators write text rather than building syntax trees: the output is meant to read
/// like the hand-written conformance in the documentation, and the macro parses the result
/// once at the end (reporting, never crashing, if that ever fails).
struct CodeWriter {
    private(set) var lines: [String] = []
    private var depth: Int

    init(depth: Int = 0) { self.depth = depth }

    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// Writes `header {`, the body one level deeper, and `}`.
    mutating func block(_ header: String, _ body: (inout CodeWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Writes `} else if … {`-style lines between two bodies at the enclosing level.
    mutating func continueBlock(_ text: String) {
        depth -= 1
        line(text)
        depth += 1
    }

    /// Appends another writer's lines, indented to the current level.
    mutating func append(_ other: CodeWriter) {
        let indentation = String(repeating: "    ", count: depth)
        lines += other.lines.map { $0.isEmpty ? $0 : indentation + $0 }
    }

    var text: String { lines.joined(separator: "\n") }
}
