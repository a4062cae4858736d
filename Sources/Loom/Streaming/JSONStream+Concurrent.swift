import Foundation

extension JSONStream where Value: Sendable {
    /// Decodes every element using all cores, returning them in input order.
    ///
    /// The calling task reads the input and finds element boundaries; elements are copied
    /// into batches of about ``JSONStreamOptions/batchSize`` bytes, and up to
    /// ``JSONStreamOptions/maxConcurrentBatches`` batches are parsed and decoded at once in a
    /// task group. Memory holds those batches plus the decoded results.
    ///
    /// Under ``JSONStreamOptions/ErrorPolicy/throw`` the error of the earliest failing element
    /// in the input is thrown (reading stops as soon as any batch fails). Under
    /// ``JSONStreamOptions/ErrorPolicy/skip`` skipped errors are reported to
    /// ``JSONStreamOptions/onSkippedError`` in input order, batch by batch.
    ///
    /// Cancelling the calling task stops reading at the next batch.
    ///
    /// - Throws: ``JSONStreamError``, as ``decodeAll()``, or of kind
    ///   ``JSONStreamError/Kind/cancelled`` when the task was cancelled.
    public func decodeAllConcurrently() async throws(JSONStreamError) -> [Value] {
        let raw = makeRawReader()
        let prefix = (try? steps.get()) ?? []
        let decoder = self.decoder
        let skipping = options.onError == .skip
        let batchSize = Swift.max(1, options.batchSize)
        let maxInFlight = Swift.max(1, options.maxConcurrentBatches)

        var finished: [Int: ElementBatch<Value>.Result] = [:]
        var nextToCommit = 0
        var output: [Value] = []
        var failures: [JSONStreamError] = []
        var stop = false

        func commitReady() {
            while let ready = finished.removeValue(forKey: nextToCommit) {
                output.append(contentsOf: ready.values)
                if skipping {
                    for error in ready.errors { options.onSkippedError?(error) }
                } else {
                    failures.append(contentsOf: ready.errors)
                }
                nextToCommit += 1
            }
        }

        await withTaskGroup(of: (Int, ElementBatch<Value>.Result).self) { group in
            var inFlight = 0
            var batchNumber = 0
            while !stop {
                if Task.isCancelled {
                    failures.append(
                        JSONStreamError(
                            .cancelled, "decoding was cancelled", elementIndex: nil, line: nil, column: nil,
                            byteOffset: nil))
                    break
                }
                // Gather one batch.
                var batch = ElementBatch<Value>()
                batch.bytes.reserveCapacity(batchSize + batchSize / 4)
                while batch.bytes.count < batchSize {
                    let event: JSONRawElementReader.Event?
                    do throws(JSONStreamError) {
                        event = try raw.next()
                    } catch {
                        failures.append(error)
                        stop = true
                        break
                    }
                    guard let event else {
                        stop = true
                        break
                    }
                    switch event {
                    case .element(let element): batch.append(element)
                    case .failure(let error):
                        if skipping && error.isSkippable {
                            batch.appendFailure(error)
                        } else if error.isSkippable {
                            batch.appendFailure(error)
                            stop = true
                        } else {
                            failures.append(error)
                            stop = true
                        }
                    }
                    if stop { break }
                }
                if batch.isEmpty { break }
                if inFlight >= maxInFlight, let (number, result) = await group.next() {
                    inFlight -= 1
                    finished[number] = result
                    if !skipping && !result.errors.isEmpty { stop = true }
                    commitReady()
                }
                let number = batchNumber
                batchNumber += 1
                let work = batch
                group.addTask { (number, work.decode(with: decoder, under: prefix, stopAtFirstError: !skipping)) }
                inFlight += 1
            }
            for await (number, result) in group {
                finished[number] = result
                commitReady()
            }
        }
        // The group has drained and batch numbers are contiguous, so every batch is committed.
        commitReady()
        if let first = failures.min(by: { $0.streamOrder < $1.streamOrder }) { throw first }
        return output
    }
}

/// Elements copied out of the read buffer, decoded together by one child task.
struct ElementBatch<Value: JSONDecodable & Sendable>: Sendable {
    /// The decoded values of a batch and the errors of its failing elements, in order.
    struct Result: Sendable {
        var values: [Value] = []
        var errors: [JSONStreamError] = []
    }

    enum Entry: Sendable {
        case element(range: Range<Int>, position: StreamPosition)
        case failure(JSONStreamError)
    }

    var bytes: [UInt8] = []
    var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func append(_ element: JSONStreamScanner.Element) {
        let start = bytes.count
        bytes.append(contentsOf: element.bytes)
        entries.append(.element(range: start..<bytes.count, position: element.position))
    }

    mutating func appendFailure(_ error: JSONStreamError) {
        entries.append(.failure(error))
    }

    func decode(with decoder: JSONModelDecoder, under prefix: [JSONPathComponent], stopAtFirstError: Bool) -> Result {
        var result = Result()
        result.values.reserveCapacity(entries.count)
        bytes.withUnsafeBufferPointer { buffer in
            for entry in entries {
                switch entry {
                case .element(let range, let position):
                    do {
                        result.values.append(
                            try decoder.decode(Value.self, fromBuffer: UnsafeBufferPointer(rebasing: buffer[range])))
                    } catch {
                        result.errors.append(position.error(for: error, under: prefix))
                    }
                case .failure(let error):
                    result.errors.append(error)
                }
                if stopAtFirstError && !result.errors.isEmpty { break }
            }
        }
        return result
    }
}
