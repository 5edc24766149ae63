import Foundation
import Testing

@testable import NoiseProtocol

/// Issue 52: docs/protocol.md, what people read, names every command and event of the registry, no more, and says
/// truly which commands the pages may send.
@Suite("docs/protocol.md and the registry")
struct ProtocolDocumentTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/protocol.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The rows of the tables between `from` and `to`: the names in the first cell, and the second cell.
    static func rows(from: String, to: String) -> [(names: [String], second: String)] {
        guard let start = document.range(of: from),
            let end = document.range(of: to, range: start.upperBound..<document.endIndex)
        else { return [] }
        return document[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3, cells[1].hasPrefix("`") else { return nil }
            let names = cells[1].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"])
            }
            return (names, cells[2])
        }
    }

    @Test func everyCommandIsDocumentedWithWhoMaySendIt() {
        let rows = Self.rows(from: "\n## Commands", to: "\n## Events")
        let documented = rows.flatMap(\.names)
        let extra = Set(documented).subtracting(CommandRegistry.names),
            missing = Set(CommandRegistry.names).subtracting(documented)
        #expect(extra.isEmpty && missing.isEmpty, "documented only: \(extra); undocumented: \(missing)")
        #expect(documented.count == Set(documented).count, "a command documented twice")
        for row in rows {
            for name in row.names {
                guard let type = CommandRegistry.command(named: name) else { continue }
                let pages = type.senders.intersection(.pages)
                let expected = pages == .pages ? "yes" : pages.isEmpty ? "—" : "this machine"
                #expect(
                    row.second == expected, "\(name): the pages column says \(row.second), the registry \(expected)")
            }
        }
    }

    /// docs/home.md's list of the commands a broker may send is the registry's.
    @Test func theCommandsABrokerMaySendAreTheOnesDocsHomeLists() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/home.md")
        let home = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(home.range(of: "Only these,"))
        let end = try #require(home.range(of: "They go to noised", range: start.upperBound..<home.endIndex))
        let listed = home[start.upperBound..<end.lowerBound].split(separator: "`").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { CommandRegistry.names.contains($0) }
        #expect(Set(listed) == Set(CommandRegistry.names(for: .broker)) && !listed.isEmpty, "\(listed)")
    }

    @Test func everyEventIsDocumented() {
        let documented = Self.rows(from: "\n## Events", to: "\n## Error codes").flatMap(\.names)
        #expect(Set(documented) == Set(DaemonEvent.names))
    }
}
