import Foundation
import FuzzSupport
import Loom
import Testing

/// Replays every committed fuzz finding (minimized inputs in `Regressions/`) through the
/// checks the fuzz targets run. Files named `parse-*` go through `ParseChecks`, `models-*`
/// through `ModelChecks`; both kinds go through both.
@Suite("Fuzz regressions")
struct RegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    @Test("the regression inputs are present")
    func present() {
        #expect(Self.inputs.count >= 1)
    }

    @Test("every regression input passes the parse and model checks", arguments: inputs)
    func replay(name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let failure = bytes.withUnsafeBufferPointer { ParseChecks.check($0) ?? ModelChecks.check($0) }
        #expect(failure == nil, "\(name): \(failure ?? "")")
    }
}
