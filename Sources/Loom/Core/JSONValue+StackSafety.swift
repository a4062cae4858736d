// Teardown, equality and hashing of JSONValue trees with explicit stacks.
//
// A tree built in code can be nested far deeper than any parse limit, and the compiler's
// synthesized `==`, `hash(into:)` and the runtime's release of nested arrays all recurse once
// per level (about 100-200 bytes of stack each), so a 100,000-deep value would overflow even
// an 8 MB stack. Everything here runs in a loop whose call depth does not depend on the input.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONValue {
    /// Whether the value is an array or an object.
    @inlinable
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// Deinitializes the `count` elements of an array buffer that is being freed, without
    /// recursion: called by the deinitializer of ``JSONArray``'s storage (objects keep their
    /// values in one too).
    ///
    /// The first teardown on a thread becomes the driver: it releases the children one at a
    /// time from a per-thread list. A child that is freed by that release runs its own
    /// deinitializer, which finds the driver active and only appends its children to the list
    /// instead of releasing them, then returns. So the call stack holds at most two
    /// deinitializers however deep the tree, and shared subtrees are only released, never
    /// walked. (No uniqueness checks: they depend on how long the compiler keeps temporary
    /// copies alive, which differs between debug and optimized builds.)
    static func dismantle(_ elements: UnsafeMutablePointer<JSONValue>, count: Int) {
        // Children that are all scalars free nothing deeper than themselves.
        guard UnsafeBufferPointer(start: elements, count: count).contains(where: { $0.isContainer }) else {
            elements.deinitialize(count: count)
            return
        }
        let queue = TeardownQueue.current
        if queue.isDraining {
            // Containers are moved (no retain or release) to the driver's list; scalars are
            // released here, which frees nothing deeper.
            for position in 0..<count {
                let element = elements + position
                if element.pointee.isContainer {
                    queue.pending.append(element.move())
                } else {
                    element.deinitialize(count: 1)
                }
            }
            return
        }
        queue.isDraining = true
        var local: [JSONValue] = []
        for position in 0..<count {
            let element = elements + position
            if element.pointee.isContainer {
                local.append(element.move())
            } else {
                element.deinitialize(count: 1)
            }
        }
        while true {
            while let child = local.popLast() {
                // Releasing `child` here may free it; its deinitializer appends to `pending`.
                _ = child
            }
            guard !queue.pending.isEmpty else { break }
            swap(&local, &queue.pending)
        }
        queue.isDraining = false
    }
}

/// The per-thread list of values waiting to be released by the active teardown.
final class TeardownQueue {
    // Thread-confined; unchecked exclusivity as for the storages.
    @exclusivity(unchecked) var pending: [JSONValue] = []
    @exclusivity(unchecked) var isDraining = false

    /// This thread's queue, created on first use and released when the thread exits.
    static var current: TeardownQueue {
        if let existing = pthread_getspecific(teardownKey) {
            return Unmanaged<TeardownQueue>.fromOpaque(existing).takeUnretainedValue()
        }
        let queue = TeardownQueue()
        pthread_setspecific(teardownKey, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }
}

/// The thread-specific key of `TeardownQueue.current`.
private let teardownKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { pointer in Unmanaged<TeardownQueue>.fromOpaque(pointer).release() }
    #else
    pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<TeardownQueue>.fromOpaque(pointer).release() }
    }
    #endif
    return key
}()

// MARK: - Equality

extension JSONValue {
    /// Deep equality with an explicit stack. Numbers compare by exact value (`1 == 1.0`),
    /// strings as Swift strings, objects ignore member order and compare keys by bytes.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // An open pair of containers and the next child to compare.
        enum Frame {
            case array(JSONArray, JSONArray, Int)
            case object(JSONObject, JSONObject, Int)
        }
        var stack: [Frame] = []
        /// Compares scalars; for two containers, checks the counts and pushes a frame.
        func visit(_ a: JSONValue, _ b: JSONValue) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case (.bool(let x), .bool(let y)): return x == y
            case (.number(let x), .number(let y)): return x == y
            case (.string(let x), .string(let y)): return x == y
            case (.array(let x), .array(let y)):
                if x.storage === y.storage { return true }
                guard x.count == y.count else { return false }
                if !x.isEmpty { stack.append(.array(x, y, 0)) }
                return true
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                if !x.isEmpty { stack.append(.object(x, y, 0)) }
                return true
            default:
                return false
            }
        }
        guard visit(lhs, rhs) else { return false }
        while let frame = stack.popLast() {
            switch frame {
            case .array(let x, let y, let index):
                let elementsX = x
                let elementsY = y
                var position = index
                // Scalars are compared in place; the first container child gets its own frame
                // on top of this one's continuation.
                while position < elementsX.count {
                    let a = elementsX[position]
                    let b = elementsY[position]
                    position += 1
                    if a.isContainer && b.isContainer {
                        if position < elementsX.count { stack.append(.array(x, y, position)) }
                        guard visit(a, b) else { return false }
                        break
                    }
                    guard visit(a, b) else { return false }
                }
            case .object(let x, let y, let index):
                let keys = x.keys
                let values = x.values
                var position = index
                while position < keys.count {
                    guard let other = y.position(of: keys[position]) else { return false }
                    let a = values[position]
                    let b = y.values[other]
                    position += 1
                    if a.isContainer && b.isContainer {
                        if position < keys.count { stack.append(.object(x, y, position)) }
                        guard visit(a, b) else { return false }
                        break
                    }
                    guard visit(a, b) else { return false }
                }
            }
        }
        return true
    }
}

// MARK: - Hashing

extension JSONValue {
    /// Feeds a digest of the whole tree, computed with an explicit stack. Consistent with
    /// `==`: arrays hash their elements in order, objects combine per-member hashes with a
    /// commutative sum (member order does not matter) and hash keys by their bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(JSONValue.digest(self))
    }

    /// Hashes a scalar (never a container) into `hasher`, with a tag per kind.
    private static func combineScalar(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let flag):
            hasher.combine(1 as UInt8)
            hasher.combine(flag)
        case .number(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(3 as UInt8)
            hasher.combine(text)
        case .array, .object:
            break
        }
    }

    /// A hash of the whole tree, computed bottom-up with an explicit stack.
    static func digest(_ root: JSONValue) -> Int {
        // An open container: its hasher (arrays) or running sum of member hashes (objects).
        enum Frame {
            case array(JSONArray, next: Int, Hasher)
            case object(JSONObject, next: Int, sum: Int)
        }
        func open(_ value: JSONValue) -> Frame? {
            switch value {
            case .array(let array):
                var hasher = Hasher()
                hasher.combine(4 as UInt8)
                hasher.combine(array.count)
                return .array(array, next: 0, hasher)
            case .object(let object):
                return .object(object, next: 0, sum: 0)
            default:
                return nil
            }
        }
        guard let first = open(root) else {
            var hasher = Hasher()
            combineScalar(root, into: &hasher)
            return hasher.finalize()
        }
        var stack: [Frame] = [first]
        // The digest of the container just finished, to feed to its parent.
        var finished: Int?
        while let frame = stack.popLast() {
            switch frame {
            case .array(let array, var next, var hasher):
                if let digest = finished {
                    hasher.combine(5 as UInt8)
                    hasher.combine(digest)
                    finished = nil
                }
                let elements = array
                var descended = false
                while next < elements.count {
                    let element = elements[next]
                    next += 1
                    if let child = open(element) {
                        stack.append(.array(array, next: next, hasher))
                        stack.append(child)
                        descended = true
                        break
                    }
                    combineScalar(element, into: &hasher)
                }
                if !descended { finished = hasher.finalize() }
            case .object(let object, var next, var sum):
                let keys = object.keys
                let values = object.values
                if let digest = finished {
                    // The member whose value just finished is the one before `next`.
                    var member = Hasher()
                    member.combine(ByteKey(keys[next - 1]))
                    member.combine(5 as UInt8)
                    member.combine(digest)
                    sum = sum &+ member.finalize()
                    finished = nil
                }
                var descended = false
                while next < keys.count {
                    let value = values[next]
                    next += 1
                    if let child = open(value) {
                        stack.append(.object(object, next: next, sum: sum))
                        stack.append(child)
                        descended = true
                        break
                    }
                    var member = Hasher()
                    member.combine(ByteKey(keys[next - 1]))
                    combineScalar(value, into: &member)
                    sum = sum &+ member.finalize()
                }
                if !descended {
                    var hasher = Hasher()
                    hasher.combine(6 as UInt8)
                    hasher.combine(object.count)
                    hasher.combine(sum)
                    finished = hasher.finalize()
                }
            }
        }
        return finished ?? 0
    }
}
