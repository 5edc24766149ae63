import Glibc
import Logging
import NIOCore
import NIOPosix
import NoiseCore
import NoiseProtocol
import NoiseSystem
import ServiceLifecycle
import Synchronization

/// The control socket, shaped like SwiftNIO's own servers: one `NIOAsyncChannel` per connection, served by its own
/// child task (one reply per request line, in order; events for subscribers). A connection is admitted (the
/// connection limit, `SO_PEERCRED`) and greeted as it opens; `ControlConnectionHandler` frames its lines.
public struct ControlServer<Handler: ControlRequests>: Service {
    let path: String
    /// A listening socket passed by systemd (socket activation); nil binds `path` itself.
    let listenDescriptor: Int32?
    let handler: Handler
    let hub: EventHub
    let logger: Logger
    let onListening: @Sendable () -> Void
    let onStopping: @Sendable () -> Void
    private let connections = ConnectionRegistry()
    private let refusals = WarningThrottle()
    private let evictions = WarningThrottle()
    private let slowReaders = WarningThrottle()
    /// Set when a graceful stop begins: connections admitted from then on are refused.
    private let stopping = StopFlag()

    /// A connection as its admission left it.
    enum Admitted: Sendable {
        case conversation(NIOAsyncChannel<ByteBuffer, ByteBuffer>, UInt64)
        /// Told why it is not served, and closed.
        case refused
    }

    public init(
        path: String, listenDescriptor: Int32?, handler: Handler, hub: EventHub, logger: Logger,
        onListening: @escaping @Sendable () -> Void, onStopping: @escaping @Sendable () -> Void
    ) {
        self.path = path
        self.listenDescriptor = listenDescriptor
        self.handler = handler
        self.hub = hub
        self.logger = logger
        self.onListening = onListening
        self.onStopping = onStopping
    }

    public func run() async throws {
        let listener: Int32
        if let listenDescriptor {
            // systemd made the socket file and owns it: we neither set its mode nor remove it.
            listener = listenDescriptor
            logger.notice("listening on the socket passed by the service manager (fd \(listenDescriptor))")
        } else {
            listener = try SocketSetup.listen(path: path)
            logger.notice("listening on \(path)")
        }
        defer { if listenDescriptor == nil { unlink(path) } }
        // The sockets' I/O has a thread of its own. Swift's tasks run on NIO's shared loops (Daemon), and a loop
        // runs every queued task before it polls again: a flood of requests on one connection would otherwise
        // hold back reading the others'.
        let sockets = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { sockets.shutdownGracefully { _ in } }
        let server = try await ServerBootstrap(group: sockets)
            // NIO listens again on a socket it adopts, with its default backlog of 128 (its backlog option applies
            // only to sockets it binds itself); a second listen() sets ours, on systemd's socket too. Here, before
            // the channel is registered: no connection is accepted, and none greeted, while the backlog is 128.
            .serverChannelInitializer { channel in
                Glibc.listen(listener, ControlLimits.listenBacklog)
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            // A client may close its side once it has sent its requests; it still gets every reply.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(listener) { channel in admit(channel) }
        onListening()
        // A graceful stop closes the socket at once (no new connections) and cancels the conversations; a request
        // already read still runs to the end and its reply is sent (see `converse`). The accepting loop itself is
        // not cancelled: it takes every connection accepted before the close, to the end of the stream, so each
        // is closed by its own conversation (a connection dropped unserved would trap in NIO's writer), and
        // connections admitted once the stop began are refused rather than made conversations.
        let stopping = stopping
        await withGracefulShutdownHandler {
            try? await server.executeThenClose { connections in
                await withDiscardingTaskGroup { group in
                    do {
                        for try await case .conversation(let connection, let id) in connections {
                            group.addTask { await cancelWhenGracefulShutdown { await serve(connection, id: id) } }
                        }
                    } catch {
                        logger.debug("control socket: \(error)")
                    }
                }
            }
        } onGracefulShutdown: {
            stopping.set()
            server.channel.close(promise: nil)
        }
        onStopping()
        logger.info("control socket closed")
    }

    // MARK: Admission

    /// Checks who it is and counts it in, before it is registered: a connection from another user, or one that finds
    /// every place taken by a busy connection, is told why as it opens and closed; any other gets its pipeline and is
    /// greeted (at the limit, an idle connection gives it its place).
    private func admit(_ channel: any Channel) -> EventLoopFuture<Admitted> {
        guard !stopping.isSet else {
            return refuse(
                channel, "refused a connection: the daemon is stopping",
                ProtocolError(.shuttingDown, "the daemon is stopping"))
        }
        let peer: EventLoopFuture<PeerCredentials?>
        if let options = channel as? any SocketOptionProvider {
            peer = options.unsafeGetSocketOption(level: .socket, name: .init(rawValue: SO_PEERCRED)).map { $0 }
        } else {
            peer = channel.eventLoop.makeSucceededFuture(nil)
        }
        let connections = self.connections
        return peer.recover { _ in nil }.flatMap { peer in
            guard let peer, peer.isTrusted(by: getuid()) else {
                return refuse(
                    channel,
                    "refused a connection from uid \(peer.map { String($0.uid) } ?? "unknown"), pid \(peer.map { String($0.pid) } ?? "?")",
                    ProtocolError(.permissionDenied, "only uid \(getuid()) (and root) may control this daemon"))
            }
            guard case .admitted(let id, let evicted) = connections.admit(channel, pid: peer.pid) else {
                return refuse(
                    channel,
                    "refused a connection: all \(ControlLimits.maxConnections) connections are busy with requests",
                    ProtocolError(
                        .tooManyClients,
                        "the daemon serves at most \(ControlLimits.maxConnections) connections at once, "
                            + "and every one is busy with a request; try again"))
            }
            if let evicted {
                evict(
                    evicted, .connectionLimit,
                    "\(ControlLimits.maxConnections) connections are open and a new one needed a place; "
                        + "this one was idle")
            }
            return channel.eventLoop.makeCompletedFuture {
                let pipeline = channel.pipeline.syncOperations
                try pipeline.addHandler(IdleStateHandler(readTimeout: .seconds(ControlLimits.idleConnectionSeconds)))
                try pipeline.addHandler(
                    ControlConnectionHandler(
                        registry: connections, id: id, greeting: ControlConnectionHandler.hello,
                        onSlowReader: slowReader))
                return .conversation(
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel), id)
            }.flatMapErrorThrowing { error in
                connections.leave(id)
                throw error
            }
        }
    }

    /// Logs (once a minute at most) that the connection holding the most unread bytes is being closed.
    private var slowReader: @Sendable () -> Void {
        { [slowReaders, logger] in
            let now = Int64(NIODeadline.now().uptimeNanoseconds / 1_000_000)
            if let text = slowReaders.pass(
                "closing a connection that does not read its replies: "
                    + "\(ControlLimits.maxQueuedReplyBytes >> 20) MiB wait to be read across all connections", at: now)
            {
                logger.warning("\(text)")
            }
        }
    }

    /// Closes `channel` to make room, telling it why (a `disconnected` event) first.
    private func evict(_ channel: any Channel, _ reason: ConnectionRegistry.Eviction, _ message: String) {
        let now = Int64(NIODeadline.now().uptimeNanoseconds / 1_000_000)
        if let text = evictions.pass("closed an idle connection to make room (\(reason.rawValue)): \(message)", at: now)
        {
            logger.warning("\(text)")
        }
        guard let line = try? Replies.event(.disconnected(Disconnected(reason: reason.rawValue, message: message)))
        else {
            return channel.close(promise: nil)
        }
        channel.triggerUserOutboundEvent(Evict(line: ByteBuffer(line: line)), promise: nil)
    }

    private func refuse(_ channel: any Channel, _ warning: String, _ error: ProtocolError) -> EventLoopFuture<Admitted>
    {
        let now = Int64(NIODeadline.now().uptimeNanoseconds / 1_000_000)
        if let text = refusals.pass(warning, at: now) { logger.warning("\(text)") }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                RefusingHandler(refusal: ByteBuffer(line: Replies.failure(id: .none, error: error))))
            return .refused
        }
    }

    // MARK: Conversations

    private func serve(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, id: UInt64) async {
        let channel = connection.channel
        do {
            try await connection.executeThenClose { inbound, outbound in
                try await converse(inbound: inbound, outbound: outbound, channel: channel, id: id)
            }
        } catch {
            logger.debug("connection ended: \(error)")
        }
    }

    private func converse(
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, channel: any Channel, id: UInt64
    ) async throws {
        var subscription: UInt64?
        defer { if let subscription { hub.unsubscribe(subscription) } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            defer { group.cancelAll() }
            do {
                for try await line in inbound {
                    // A graceful stop cancels this task; the request already read still runs to the end (a
                    // store write is not abandoned half-way) and its reply is sent before the connection closes.
                    let (handler, connections) = (self.handler, self.connections)
                    connections.requestStarted(id)
                    let outcome = try await Task {
                        defer { connections.requestEnded(id) }
                        let outcome = await handler.reply(to: line.readableBytesView)
                        try await outbound.write(ByteBuffer(line: outcome.line))
                        return outcome
                    }.value
                    guard outcome.subscribes, subscription == nil else { continue }
                    if let evicted = connections.subscribe(id) {
                        evict(
                            evicted, .subscriberLimit,
                            "\(ControlLimits.maxSubscribers) connections are subscribed and a new one "
                                + "subscribed; this one had been idle longest")
                    }
                    let logger = self.logger
                    let (id, lines) = hub.subscribe {
                        logger.warning(
                            "disconnecting a subscriber that does not read its events (\(Limits.maxQueuedEvents) queued)"
                        )
                        channel.close(promise: nil)
                    }
                    subscription = id
                    // Subscribers may stay silent for as long as they like.
                    try? await channel.triggerUserOutboundEvent(AllowSilence())
                    group.addTask {
                        for await event in lines { try await outbound.write(ByteBuffer(line: event)) }
                    }
                }
            } catch is LineTooLongError {
                let error = ProtocolError(
                    .lineTooLong, "request lines are limited to \(Limits.maxLineBytes) bytes; closing the connection")
                try await outbound.write(ByteBuffer(line: Replies.failure(id: .none, error: error)))
            }
            // The client closed its side (or stopped): every request it sent has been answered.
        }
    }
}

/// Whether a stop began, shared by the server's copies (it is a struct) and the sockets' event loop.
private final class StopFlag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension ControlServer: CustomStringConvertible {
    public var description: String { "ControlServer" }
}
