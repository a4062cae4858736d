import Foundation
import Testing

@testable import Loom

// The helper thread that deep models continue on (StackGrowth.swift): what happens when it
// cannot be started, or starts too late, and the per-thread cache of stack bounds.
@Suite("Larger stack")
struct LargerStackTests {
    @Test("a helper thread that starts runs the work and hands back its value or error")
    func started() throws {
        #expect(try LargerStack.run { 42 }?.get() == 42)
        struct Failure: Error {}
        let failed = LargerStack.run { () throws -> Int in throw Failure() }
        #expect(throws: Failure.self) { try failed?.get() }
    }

    @Test("a helper thread that never starts: nil after the timeout, and the work never runs")
    func neverStarts() {
        let ran = Flag()
        let outcome = LargerStack.run(startTimeout: 0.2, start: { _ in }) { ran.set() }
        #expect(outcome == nil)
        #expect(!ran.isSet)
    }

    @Test("a helper thread that starts after the timeout finds the work abandoned")
    func startsTooLate() {
        let ran = Flag()
        let late = LateStart()
        let outcome = LargerStack.run(startTimeout: 0.2, start: late.keep) { ran.set() }
        #expect(outcome == nil)
        // The thread finally runs, after `run` gave up on it and returned.
        late.runNow()
        #expect(!ran.isSet)
    }

    @Test("the stack bounds of a thread are read once, hold its frames, and are the same from every call on it")
    func boundsPerThread() async {
        let bounds = await onThread(stackSize: 512 << 10) { () -> [UInt] in
            var marker: UInt8 = 0
            // Under AddressSanitizer the local may sit in a fake frame on the heap.
            let here = DecodingStack.realAddress(withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) })
            let first = DecodingStack.ofCurrentThread()
            let again = DecodingStack.ofCurrentThread()
            return [here, first.low, again.low, first.growthFloor - first.low]
        }
        let (here, low) = (bounds[0], bounds[1])
        #expect(low != 0 && low < here && here - low < 512 << 10)
        #expect(bounds[2] == low)
        #expect(bounds[3] == DecodingStack.growthReserve)
    }
}

/// A flag set from the helper thread, read by the test.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// Keeps the helper thread's entry point instead of starting it, until `runNow`.
private final class LateStart: @unchecked Sendable {
    private let lock = NSLock()
    private var main: (@Sendable () -> Void)?
    func keep(_ main: @escaping @Sendable () -> Void) { lock.withLock { self.main = main } }
    func runNow() { lock.withLock { main }?() }
}
