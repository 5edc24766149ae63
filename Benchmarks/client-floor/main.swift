// Row 1's floor, for the bench (docs/performance.md): a Swift client built as noisectl is (-static-stdlib) that does
// the least noisectl's libraries do on every start: swift-argument-parser parses one subcommand, and Foundation's
// JSONDecoder decodes one reply line, as noisectl decodes the daemon's. No socket. What a client made of these
// libraries costs before it does any work of its own. Not installed.
import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@main
struct ClientFloor: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "client-floor", subcommands: [Status.self])
}

struct Status: ParsableCommand {
    struct Reply: Decodable {
        let ok: Bool
        let data: [String: String]
    }

    @Flag(help: "Print the reply as JSON.") var json = false

    func run() throws {
        let reply = try JSONDecoder().decode(Reply.self, from: Data(#"{"data":{"playing":"nothing"},"ok":true}"#.utf8))
        print(json ? "{\"ok\":\(reply.ok)}" : "Playing     \(reply.data["playing"] ?? "?")")
    }
}
