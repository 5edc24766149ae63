import NoiseCore
import NoiseProtocol

/// Which commands `POST /api/command` relays, and to whom: those the registry opens to the sender (`Senders`: a
/// signed-in page on this machine, a paired device), checked here with the daemon's own decoder so a mistake is
/// answered without a trip to noised (docs/web.md, "Commands"). Nothing that names a file on this machine
/// (`import`), changes the store's files (`store_recover`) or the sounds on disk is open to the pages: they never
/// need them, and a stolen sign-in must not reach them. `Tests/integration/test_web_security.py` holds the list to
/// what the pages' scripts send.
public enum PageCommands {
    /// The names `principal` may send.
    public static func allowed(for principal: Principal) -> Set<String> {
        Set(CommandRegistry.names(for: principal))
    }

    /// nil when `principal` may send `command` with `arguments`, else why not.
    public static func refusal(
        for command: String, arguments: [String: JSONValue] = [:],
        from principal: Principal
    ) -> WebRefusal? {
        guard let type = CommandRegistry.command(named: command), principal.may(send: type.senders) else {
            return WebRefusal(
                status: 403, code: "not_allowed_here",
                message: "'\(String(command.prefix(64)))' is not one of the commands the pages send; "
                    + "use noisectl for it on this machine.")
        }
        do throws(ProtocolError) {
            _ = try type.init(arguments: arguments)
            return nil
        } catch {
            return WebRefusal(status: 400, code: error.code.rawValue, message: error.message)
        }
    }
}
