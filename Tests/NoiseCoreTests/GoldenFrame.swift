import Foundation
import Testing

/// Compares rendered lines with a file in Tests/NoiseCoreTests/Golden. With NOISECLOCK_UPDATE_GOLDEN=1 the file
/// is written instead, and the test still fails, so a changed frame is never accepted without a look at it.
enum GoldenFrame {
    static func check(_ lines: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name + ".txt")
        let rendered = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["NOISECLOCK_UPDATE_GOLDEN"] == "1" {
            try? rendered.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "wrote \(url.path); check it and run again without NOISECLOCK_UPDATE_GOLDEN",
                sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "no golden file \(url.path); run with NOISECLOCK_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(rendered == expected, "frame differs from Golden/\(name).txt", sourceLocation: sourceLocation)
    }
}
