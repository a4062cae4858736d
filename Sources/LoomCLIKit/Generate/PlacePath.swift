// Names a place in the samples on the command line (`--map pagination`, `--no-map
// data.items[]`): the way from the document's root to the values there.

/// A place in the samples: keys from the root, `[]` for the elements of an array, `*` for the
/// value of every key of an object.
///
/// Written like a Loom key path: keys joined by `.`, with `\.`, `\*`, `\[` and `\\` for a
/// literal dot, star, bracket or backslash. `[]` follows a key (`items[]`, `matrix[][]`) or
/// starts the path for a top-level array (`[].tags`); `.` alone is the root.
struct PlacePath: Hashable, CustomStringConvertible {
    enum Step: Hashable {
        case key(String)
        case anyKey
        case elements
    }

    var steps: [Step]
    /// As given on the command line.
    var description: String

    /// Why a path could not be read.
    struct SyntaxError: Error, Equatable {
        var message: String
    }

    init(parsing text: String) throws(SyntaxError) {
        description = text
        steps = []
        if text == "." { return }
        guard !text.isEmpty else { throw SyntaxError(message: "the path is empty (the root is '.')") }
        // One segment per unescaped `.`: a key (maybe empty), then `[]`s.
        var key = ""
        var hasKey = false
        var isStar = false
        var brackets = 0
        var isFirst = true
        func finishSegment() throws(SyntaxError) {
            if hasKey {
                steps.append(isStar ? .anyKey : .key(key))
            } else if !(isFirst && brackets > 0) {
                throw SyntaxError(message: "a key is empty")
            }
            steps.append(contentsOf: repeatElement(.elements, count: brackets))
            key = ""
            hasKey = false
            isStar = false
            brackets = 0
            isFirst = false
        }
        var characters = text.makeIterator()
        while let character = characters.next() {
            if brackets > 0 && character != "[" && character != "." {
                throw SyntaxError(message: "'[]' must end a key, found '\(character)' after it")
            }
            switch character {
            case "\\":
                guard let escaped = characters.next() else { throw SyntaxError(message: "the path ends with '\\'") }
                key.append(escaped)
                hasKey = true
                isStar = false
            case ".":
                try finishSegment()
            case "[":
                guard characters.next() == "]" else { throw SyntaxError(message: "'[' must be followed by ']'") }
                brackets += 1
            case "]":
                throw SyntaxError(message: "']' without '['")
            default:
                isStar = !hasKey && character == "*"
                key.append(character)
                hasKey = true
            }
        }
        try finishSegment()
    }

    /// The places of `root` (as observed, before merging) that this path reaches.
    func places(in root: Shape) -> [Shape] {
        var current = [root]
        for step in steps {
            var next: [Shape] = []
            for shape in current {
                switch step {
                case .key(let key):
                    if let position = shape.members.position(of: key) { next.append(shape.members.shapes[position]) }
                case .anyKey:
                    next.append(contentsOf: shape.members.shapes)
                case .elements:
                    if let element = shape.element { next.append(element) }
                }
            }
            current = next
        }
        return current
    }
}
