import Logging
import NoiseClient
import NoiseClientAsync
import NoiseCore
import NoiseEventLoops
import NoiseProtocol
import NoiseWebCore

/// The one subscription to noised that every open page shares (docs/web.md, "Live"): made when the first page's
/// WebSocket opens, closed when the last one closes, so noiseweb with no page open holds no connection and never
/// wakes. Each page gets the daemon's lines as text: first `status`, then the events as noised sends them. When noised
/// goes away the pages get `daemon_down`, and the link tries again, backing off from `webReconnectFirstSeconds` to
/// `webReconnectMostSeconds`; once back, `daemon_up` and a fresh `status`.
public actor DaemonLink {
    /// The messages the link makes itself, beside the daemon's events.
    public enum Message {
        public static let status = "status"
        public static let daemonDown = "daemon_down"
        public static let daemonUp = "daemon_up"
    }

    private let socketPath: String
    private let logger: Logger
    private var pages: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextPage = 0
    private var task: Task<Void, Never>?
    private var client: DaemonClient?
    /// Why noised cannot be reached, while it cannot.
    private var down: String?

    public init(socketPath: String, logger: Logger) {
        self.socketPath = socketPath
        self.logger = logger
    }

    /// A page joins: its messages, and the number to leave with. It gets the status now when the link is up (else
    /// `daemon_down`, or the status once the first connection is made).
    public func join() async -> (page: Int, messages: AsyncStream<String>) {
        let (messages, sink) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Limits.maxQueuedEvents))
        let page = nextPage
        nextPage += 1
        pages[page] = sink
        if task == nil {
            task = Task { await self.keepConnected() }
        } else if let client {
            if let status = try? await client.relay(Commands.Status.name, arguments: nil) {
                send(Self.line(Message.status, status), to: page)
            }
        } else if let down {
            send(Self.line(Message.daemonDown, .object(["message": .string(down)])), to: page)
        }
        return (page, messages)
    }

    /// A page left; the last one ends the subscription.
    public func leave(_ page: Int) async {
        pages.removeValue(forKey: page)?.finish()
        guard pages.isEmpty, let task else { return }
        self.task = nil
        task.cancel()
        await client?.close()
        client = nil
        down = nil
    }

    /// Connects, subscribes and passes the events on until cancelled, reconnecting when noised goes away.
    private func keepConnected() async {
        var delay = WebLimits.webReconnectFirstSeconds
        while !Task.isCancelled {
            var reason = "noised is not running"
            do throws(ClientFailure) {
                let client = try await DaemonClient.connect(path: socketPath)
                guard !Task.isCancelled else { return await client.close() }
                self.client = client
                let status = try await client.relay(Commands.Subscribe.name, arguments: nil)
                if down != nil {
                    logger.info("noised is back at \(socketPath)")
                    broadcast(Self.line(Message.daemonUp, .object([:])))
                }
                down = nil
                delay = WebLimits.webReconnectFirstSeconds
                broadcast(Self.line(Message.status, status))
                // The daemon's own bytes: nothing decoded and encoded again, and a newer daemon's event whole.
                for try await event in client.events { broadcast(String(decoding: event.line, as: UTF8.self)) }
                // The events end without an error only when the link was closed.
                return
            } catch {
                reason = error.message
            }
            guard !Task.isCancelled else { return }
            await client?.close()
            client = nil
            if down == nil {
                logger.warning("noised cannot be reached: \(reason)")
                broadcast(Self.line(Message.daemonDown, .object(["message": .string(reason)])))
            }
            down = reason
            // On a NIO timer: `Task.sleep` would start libdispatch's pool, and its monitor would wake noiseweb every
            // second from then on (EventLoopClock).
            try? await EventLoopClock().sleep(for: .seconds(delay))
            delay = min(delay * 2, WebLimits.webReconnectMostSeconds)
        }
    }

    private func broadcast(_ text: String) {
        for sink in pages.values { sink.yield(text) }
    }

    private func send(_ text: String, to page: Int) {
        pages[page]?.yield(text)
    }

    /// One of the link's own messages, in the shape of the daemon's events.
    static func line(_ name: String, _ data: JSONValue) -> String {
        struct LinkMessage: Encodable {
            var event: String
            var data: JSONValue
        }
        return String(
            decoding: (try? JSONCoding.line(LinkMessage(event: name, data: data)))
                ?? Array(#"{"event":"\#(name)"}"#.utf8),
            as: UTF8.self)
    }
}
