import NoiseCore
import Synchronization

/// The browser connections one listener holds, counted in all and per address (docs/web.md, "Limits"): over either
/// limit a new connection is closed at once, so a stranger's thousand idle sockets can never use up noiseweb's
/// files. With the wait limit on each request (`RequestHeadGuard`), what they hold is given back within
/// `WebLimits.webRequestWaitSeconds`. Safe from any thread.
public final class WebConnections: Sendable {
    private let open = Mutex<(total: Int, byAddress: [String: Int])>((total: 0, byAddress: [:]))
    public let maxTotal: Int
    public let maxPerAddress: Int

    public init(maxTotal: Int = WebLimits.maxWebConnections, maxPerAddress: Int = WebLimits.maxWebConnectionsPerAddress)
    {
        self.maxTotal = maxTotal
        self.maxPerAddress = maxPerAddress
    }

    /// The limits for each of `listeners` when the process may open `fileLimit` files: `WebLimits.maxWebConnections`
    /// and `maxWebConnectionsPerAddress` where the files allow, else as many as fit beside
    /// `WebLimits.webReservedFiles` (the listening sockets, the event loops', the daemon link, files being read), so
    /// accepting, and closing at once what is over the limit, never runs out of files (`OpenFileLimit`).
    public static func fitting(fileLimit: Int, listeners: Int) -> WebConnections {
        let room = max(fileLimit - WebLimits.webReservedFiles, listeners) / max(listeners, 1)
        let total = max(1, min(WebLimits.maxWebConnections, room - 1))
        return WebConnections(maxTotal: total, maxPerAddress: min(WebLimits.maxWebConnectionsPerAddress, total))
    }

    /// Counts a connection from `address` in, or says why it is refused (nothing is counted then).
    public func admit(_ address: String) -> String? {
        open.withLock { open in
            if open.total >= maxTotal { return "\(open.total) connections are open, the most (\(maxTotal))" }
            let mine = open.byAddress[address, default: 0]
            if mine >= maxPerAddress {
                return "\(mine) connections from \(address) are open, the most from one address (\(maxPerAddress))"
            }
            open.total += 1
            open.byAddress[address] = mine + 1
            return nil
        }
    }

    /// Counts an admitted connection out.
    public func release(_ address: String) {
        open.withLock { open in
            open.total -= 1
            let left = open.byAddress[address, default: 1] - 1
            open.byAddress[address] = left > 0 ? left : nil
        }
    }

    public var count: Int { open.withLock { $0.total } }
}
