import ArgumentParser
import Glibc

/// `noisectl status` without the argument parser. Status bars and scripts run it every second or two, and on a
/// cold start the parser's reflection over the command tree costs more than the whole round trip to the daemon
/// (docs/performance.md, row 1). Only the plain spellings are taken here: `status` with `--json` and
/// `--socket PATH` (or `--socket=PATH`) before or after it, each at most once. Anything else, `--help` and every
/// mistake included, goes to the parser, which gives the usual messages.
enum QuickStatus {
    static func client(from arguments: ArraySlice<String>) -> Client? {
        var client = Client(socket: nil, json: false)
        var sawStatus = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "status" where !sawStatus:
                sawStatus = true
            case "--json" where !client.json:
                client.json = true
            case "--socket" where client.socket == nil && index < arguments.endIndex && !arguments[index].hasPrefix("-"):
                client.socket = arguments[index]
                index += 1
            case _ where argument.hasPrefix("--socket=") && client.socket == nil && argument.count > "--socket=".count:
                client.socket = String(argument.dropFirst("--socket=".count))
            default:
                return nil
            }
        }
        return sawStatus ? client : nil
    }

    /// Runs `status` and exits, when the arguments are a plain spelling of it.
    static func runIfPlain(_ arguments: ArraySlice<String>) {
        guard let client = client(from: arguments) else { return }
        do {
            try Status.show(client)
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            exit(1)
        }
    }
}
