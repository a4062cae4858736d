import Foundation

// Stack growth for deep models, the way Rust's `stacker` / `serde_stacker` do it: model
// decoding and encoding recurse once per model level, and when a level finds less than
// `DecodingStack.growthReserve` of its thread's stack left, the rest of that subtree runs on
// a new thread with a large stack while the calling thread waits. The common path is one
// comparison per model level; everything else is out of line.
//
// Where the checks sit:
// - Decoding: in `JSONModel._makeInstance(json:context:)` below. Every nested model is
//   created through `_makeInstance` (generated properties through `context.decode(_:from:)`,
//   optionals, arrays, sets and dictionaries through their conformances, the root through
//   the decoder, `Codable` values through the bridge), and this default is what a type
//   declared `JSONModel` gets, so the check runs once per model level and never for leaves
//   (`Int`, `String`, … use `JSONDecodable`'s default). A model cannot be continued from
//   inside its initializer, but `_makeInstance` returns the whole model, so it can run
//   `init(json:context:)` elsewhere. Class clusters, which override `_makeInstance`, get
//   the same check in ``JSONDecodingContext/instance(of:json:chosenBy:)``.
// - Encoding: there is no such indirection (a model's `encode(to:context:)` is called
//   directly by its parent), so `@JSONModel` puts one line at the top of the generated
//   `encode(to:context:)`: `if context._needsLargerStack { … }`.
//
// `checkStack` (called by `object(_:for:)`) stays as the backstop: it throws when less than
// `DecodingStack.reserve` (less than the growth reserve) is left, which happens only when no
// thread could be started or for hand-written `JSONDecodable` types that bypass the above.

extension JSONDecodingContext {
    /// The slow path of `JSONModel._makeInstance`: decodes `T` here, or on a thread with a
    /// larger stack when less than `DecodingStack.growthReserve` is left.
    @usableFromInline
    func decodeModel<T: JSONDecodable>(_ type: T.Type, json element: JSONElement, at here: UInt) throws -> T {
        guard DecodingStack.nearEnd(here) else {
            return try T(json: element, context: self)
        }
        return try _onLargerStack(element) { try T(json: element, context: $0) }
    }

    /// Whether a model level at this point must continue on a larger stack.
    @usableFromInline
    func _needsLargerStack(at here: UInt) -> Bool {
        storage.stackTop &- here >= DecodingStack.reserve
            && DecodingStack.nearEnd(here)
    }

    /// Runs `body` on a new thread with a large stack, with a copy of this context whose
    /// stack bounds are that thread's, and waits for it.
    ///
    /// - Throws: what `body` throws; ``JSONDecodingError`` of kind `invalidValue` at
    ///   `element` when no thread can be started.
    @usableFromInline
    func _onLargerStack<T>(_ element: JSONElement, _ body: (JSONDecodingContext) throws -> T) throws -> T {
        let decoder = storage.decoder
        let notes = storage.notes
        let context = self
        let outcome = LargerStack.run {
            var moved = context
            // Made on the new thread, so the stack top and bounds are that thread's.
            moved.storage = Storage(decoder, notes: notes)
            return try body(moved)
        }
        guard let outcome else {
            throw invalid(
                "nested too deep for the stack of this thread, and no thread with a larger stack could be "
                    + "started; decode on a thread with a larger stack or lower JSONParsingOptions.maxDepth", element)
        }
        return try outcome.get()
    }
}

/// Runs work on a new thread with a large stack while the calling thread waits.
@usableFromInline
enum LargerStack {
    /// The helper thread's stack: 8 MB, what a Linux main thread has. At the default depth
    /// limit a whole decode needs 1–2 MB; a raised limit grows again from the helper thread.
    static let stackSize = 8 << 20

    /// How long to wait for the helper thread to begin before deciding that no thread can
    /// be started (Foundation's `Thread.start()` does not report a failed thread creation).
    static let startTimeout: TimeInterval = 10

    /// Runs `body` on a new thread with a `stackSize` stack and returns its outcome, or `nil`
    /// when the thread did not start within `startTimeout`.
    ///
    /// `start` starts the thread; tests pass one that fails, or starts it too late. A thread
    /// that starts after the timeout finds the work abandoned and does not run `body`.
    static func run<T>(
        startTimeout: TimeInterval = startTimeout,
        start: (@escaping @Sendable () -> Void) -> Void = startThread,
        _ body: () throws -> T
    ) -> Result<T, any Error>? {
        withoutActuallyEscaping(body) { body in
            let task = Handoff(body)
            start { task.runOnHelper() }
            return task.waitForOutcome(startTimeout: startTimeout)
        }
    }

    static func startThread(_ main: @escaping @Sendable () -> Void) {
        let thread = Thread(block: main)
        thread.stackSize = stackSize
        thread.start()
    }

    /// The state shared by the waiting thread and the helper.
    ///
    /// `@unchecked Sendable`: every field is read and written under `condition`, and the
    /// value and error produced on the helper thread are read by the waiting thread only
    /// after the helper has finished with them (`state == .done`). `body` does not escape:
    /// it is dropped before `run` returns (`withoutActuallyEscaping` checks that).
    private final class Handoff<T>: @unchecked Sendable {
        enum State { case waiting, running, done, abandoned }
        let condition = NSCondition()
        var state = State.waiting
        var body: (() throws -> T)?
        var outcome: Result<T, any Error>?

        init(_ body: @escaping () throws -> T) { self.body = body }

        func runOnHelper() {
            condition.lock()
            guard state == .waiting else {
                condition.unlock()
                return
            }
            state = .running
            condition.unlock()
            let result = invoke()
            condition.lock()
            outcome = result
            body = nil
            state = .done
            condition.broadcast()
            condition.unlock()
        }

        private func invoke() -> Result<T, any Error> {
            guard let body else { return .failure(CancellationError()) }
            return Result { try body() }
        }

        func waitForOutcome(startTimeout: TimeInterval) -> Result<T, any Error>? {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date(timeIntervalSinceNow: startTimeout)
            while state == .waiting {
                if !condition.wait(until: deadline) && state == .waiting {
                    // Never started: make sure it never will, then report.
                    state = .abandoned
                    body = nil
                    return nil
                }
            }
            while state != .done { condition.wait() }
            return outcome
        }
    }
}

extension LargerStack {
    /// Runs `body` here, or on a thread with a larger stack when this thread's is nearly used
    /// up: for recursive code that has no decoding or encoding context (the generated `==`,
    /// `hash(into:)` and `description` of class models, which recurse once per model level;
    /// `description` needs several KB of stack per level).
    @usableFromInline
    static func ifNeeded<T>(_ body: () -> T) -> T {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        guard DecodingStack.nearEnd(here) else { return body() }
        // No thread could be started: nothing better than carrying on here.
        guard case .success(let value)? = run(body) else { return body() }
        return value
    }
}

extension DecodingStack {
    /// This thread's bounds, read once per thread and kept in thread-specific storage:
    /// reading them is a system call (on Linux's main thread, a parse of /proc/self/maps),
    /// too slow for every decode, and a thread's stack never moves. A lookup is one
    /// `pthread_getspecific`.
    @usableFromInline
    static func ofCurrentThread() -> DecodingStack {
        guard let key = ThreadBoundsKey.shared.key else { return DecodingStack.current() }
        if let cached = pthread_getspecific(key) {
            return cached.load(as: DecodingStack.self)
        }
        let bounds = DecodingStack.current()
        // Without memory for the cache, the bounds are read again next time.
        guard let memory = malloc(MemoryLayout<DecodingStack>.size) else { return bounds }
        memory.initializeMemory(as: DecodingStack.self, repeating: bounds, count: 1)
        if pthread_setspecific(key, memory) != 0 { free(memory) }
        return bounds
    }

    /// Whether code running at `here` (the address of a local) is within
    /// ``growthReserve`` of the end of this thread's stack.
    @usableFromInline
    static func nearEnd(_ here: UInt) -> Bool {
        ofCurrentThread().needsGrowth(at: realAddress(here))
    }
}

/// The key of the per-thread cache of stack bounds; each thread's copy is freed when the
/// thread exits. `@unchecked Sendable`: the key is written once, before it is shared.
final class ThreadBoundsKey: @unchecked Sendable {
    /// `nil` when no key was left (`PTHREAD_KEYS_MAX` is in the hundreds): the bounds are
    /// then read at every lookup, which is slower, not wrong.
    let key: pthread_key_t?

    static let shared = ThreadBoundsKey()

    private init() {
        var key = pthread_key_t()
        self.key = pthread_key_create(&key, { free($0) }) == 0 ? key : nil
    }
}

extension DecodingStack {
    /// `address` (of a local) on the thread's real stack. AddressSanitizer's use-after-return
    /// detection moves locals to "fake stack" frames on the heap; its runtime tells where the
    /// real frame is. Elsewhere (no AddressSanitizer runtime loaded) `address` is returned.
    @usableFromInline
    static func realAddress(_ address: UInt) -> UInt {
        guard let sanitizer = AddressSanitizer.shared,
            let fakeStack = sanitizer.currentFakeStack()
        else { return address }
        var begin: UnsafeMutableRawPointer?
        var end: UnsafeMutableRawPointer?
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address),
            let frame = sanitizer.isInFakeStack(fakeStack, pointer, &begin, &end)
        else { return address }
        return UInt(bitPattern: frame)
    }

    /// Where a decode or encode begins: `address` of a local there, or 0 under
    /// AddressSanitizer, so that every model level takes the slow path, which finds the real
    /// frame (`realAddress`): distances between fake frames mean nothing.
    static func top(_ address: UInt) -> UInt {
        AddressSanitizer.shared == nil ? address : 0
    }
}

/// The AddressSanitizer runtime's fake-stack functions, looked up at run time: present only
/// in a sanitized process.
struct AddressSanitizer: Sendable {
    typealias FakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    typealias InFakeStack = @convention(c) (
        UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutablePointer<UnsafeMutableRawPointer?>,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> UnsafeMutableRawPointer?

    let currentFakeStack: FakeStack
    let isInFakeStack: InFakeStack

    static let shared: AddressSanitizer? = {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        let process = dlopen(nil, RTLD_NOW)
        guard let current = dlsym(process, "__asan_get_current_fake_stack"),
            let contains = dlsym(process, "__asan_addr_is_in_fake_stack")
        else { return nil }
        return AddressSanitizer(
            currentFakeStack: unsafeBitCast(current, to: FakeStack.self),
            isInFakeStack: unsafeBitCast(contains, to: InFakeStack.self))
        #else
        return nil
        #endif
    }()
}
