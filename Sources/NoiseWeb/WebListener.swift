import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NoiseSystem
import NoiseWebCore
import ServiceLifecycle

/// Accepts browsers' connections and serves each with Hummingbird's HTTP/1.1 channel (with its WebSocket
/// upgrade). noiseweb runs this rather than Hummingbird's `Application`, for the two things `Application` cannot
/// do: serve on a socket systemd passes (`noiseweb.socket`; its `BindAddress` only binds), and stay asleep when
/// nobody looks (it refreshes a cached `Date` header every second, a wake-up a second for ever). It also holds the
/// connection limits (`WebConnections`) and puts `RequestHeadGuard` in each connection's pipeline.
struct WebListener: Service {
    /// Where connections come from.
    enum Socket: Sendable, CustomStringConvertible {
        /// A listening descriptor systemd passed.
        case adopted(Int32)
        /// An address to bind.
        case bind(host: String, port: Int)

        var description: String {
            switch self {
            case .adopted: "the socket systemd passed"
            case .bind(let host, let port): host.contains(":" as Character) ? "[\(host)]:\(port)" : "\(host):\(port)"
            }
        }
    }

    let socket: Socket
    /// How many connections it holds, in all and from one address.
    let connections: WebConnections
    /// The LAN listener's TLS: each connection's first handler. nil on loopback, which stays plain HTTP.
    let tls: NIOSSLContext?
    let connection: HTTP1WebSocketUpgradeChannel
    let logger: Logger
    let onListening: @Sendable () -> Void
    /// Whether noiseweb stops when this socket cannot be bound: the loopback one yes, the LAN one no (its address
    /// may be gone after a network change; the page on this machine goes on).
    var required = true

    func run() async throws {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
        let connection = connection
        let logger = logger
        let tls = tls
        let connections = connections
        // Hummingbird logs a connection closed before its first request as an error ("Error handling upgrade
        // result"): each one the wait limit closes would be a line in the journal, a thousand for a flood.
        let quiet = {
            var quiet = logger
            quiet.logLevel = .critical
            return quiet
        }()
        let refusals = WarningThrottle()
        let setUp: @Sendable (any Channel) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> = { channel in
            channel.eventLoop.makeCompletedFuture {
                if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
            }.flatMap {
                connection.setup(channel: channel, logger: logger)
            }.flatMapThrowing { value in
                // Right after NIO's decoder: the head as sent, before the upgrader or Hummingbird reads it.
                let pipeline = channel.pipeline.syncOperations
                let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try pipeline.addHandler(RequestHeadGuard(), position: .after(decoder))
                return value
            }
        }
        let server: NIOAsyncChannel<HTTP1WebSocketUpgradeChannel.Value, Never>
        do {
            switch socket {
            case .adopted(let descriptor):
                server = try await bootstrap.bind(descriptor, childChannelInitializer: setUp)
            case .bind(let host, let port):
                server = try await bootstrap.bind(host: host, port: port, childChannelInitializer: setUp)
            }
        } catch  where !required {
            logger.error("cannot listen on \(socket): \(error); the LAN mode is off until noiseweb restarts")
            try await gracefulShutdown()
            return
        }
        onListening()
        // On SIGTERM the listening socket closes; each connection's handler closes itself when idle (Hummingbird's
        // own graceful shutdown), and the WebSockets end with it.
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await accepted in inbound {
                        let address = accepted.channel.remoteAddress?.ipAddress ?? "unknown"
                        if let refusal = connections.admit(address) {
                            accepted.channel.close(promise: nil)
                            if let text = refusals.pass(
                                "refused a connection: \(refusal)",
                                at: Int64(NIODeadline.now().uptimeNanoseconds / 1_000_000))
                            {
                                logger.warning("\(text)")
                            }
                            continue
                        }
                        group.addTask {
                            await connection.handle(value: accepted, logger: quiet)
                            connections.release(address)
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            server.channel.close(promise: nil)
        }
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension WebListener: CustomStringConvertible {
    var description: String { "WebListener" }
}
