import NoiseProtocol

/// web/js/protocol.js, the pages' module of the protocol's names, made from the registry: the commands a page may
/// send (and from where), and the events noised sends. link.js refuses a command not in it before anything is sent.
/// A test holds the file to this rendering (NOISECLOCK_UPDATE_GOLDEN=1 rewrites it).
public enum ProtocolModule {
    public static var javascript: String {
        let commands = CommandRegistry.all.filter { !$0.senders.isEmpty }.sorted { $0.name < $1.name }.map { type in
            let senders = [(Senders.page, "page"), (.paired, "paired")].filter { type.senders.contains($0.0) }.map {
                "\"\($0.1)\""
            }
            return "  \(type.name): [\(senders.joined(separator: ", "))],"
        }
        let events = DaemonEvent.names.map { "  \"\($0)\"," }
        return """
            // The protocol's names for the pages (docs/protocol.md), generated from noised's command registry
            // (Sources/NoiseProtocol/Schema/CommandRegistry.swift) by ProtocolModule; a test holds this file to it, and
            // NOISECLOCK_UPDATE_GOLDEN=1 swift test rewrites it. Do not edit by hand.

            /// The commands a page may send, each with where: "page" (a signed-in page on this machine) and "paired"
            /// (a paired device). noiseweb refuses any other (403 not_allowed_here).
            export const PAGE_COMMANDS = Object.freeze({
            \(commands.joined(separator: "\n"))
            });

            /// The events noised sends on the page's WebSocket.
            export const EVENTS = Object.freeze([
            \(events.joined(separator: "\n"))
            ]);

            """
    }
}
