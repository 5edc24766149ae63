import Foundation
import NoiseProtocol
import NoiseWebCore
import Testing

/// Issue 52: the pages' module of the protocol's names is the registry's, and link.js refuses what it lacks.
@Suite("The pages' protocol module")
struct ProtocolModuleTests {
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("web/js")

    @Test func webJsProtocolIsTheRegistrysRendering() throws {
        let url = Self.web.appendingPathComponent("protocol.js")
        if ProcessInfo.processInfo.environment["NOISECLOCK_UPDATE_GOLDEN"] == "1" {
            try ProtocolModule.javascript.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("wrote \(url.path); check it and run again without NOISECLOCK_UPDATE_GOLDEN")
            return
        }
        let file = try String(contentsOf: url, encoding: .utf8)
        #expect(
            file == ProtocolModule.javascript,
            "web/js/protocol.js differs from the registry: NOISECLOCK_UPDATE_GOLDEN=1 swift test --filter ProtocolModule"
        )
    }

    @Test func theModuleListsThePagesCommandsAndNoOther() {
        let text = ProtocolModule.javascript
        for name in PageCommands.allowed(for: .page).union(PageCommands.allowed(for: .paired)) {
            #expect(text.contains("  \(name): ["), "\(name)")
        }
        for name in ["import", "store_recover", "gratitude_import", "subscribe"] {
            #expect(!text.contains("  \(name): ["), "\(name)")
        }
        #expect(text.contains("\"alarms_changed\","))
    }

    @Test func linkJsChecksCommandsAgainstTheModule() throws {
        let link = try String(contentsOf: Self.web.appendingPathComponent("link.js"), encoding: .utf8)
        #expect(link.contains("import { PAGE_COMMANDS } from \"./protocol.js\";"))
        #expect(link.contains("PAGE_COMMANDS[cmd]"))
    }
}
