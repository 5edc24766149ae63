import Glibc
import Logging
import NIOCore
import NIOPosix
import NoiseCore
import ServiceLifecycle

/// The control socket: the quick lane (`QuickLane`) accepts connections, checks who is connecting and answers
/// `ping` and `status`; a connection that asks for more is served from then on by SwiftNIO, in its own child task
/// (one reply per request line, events for subscribers), like NIO's echo server.
public struct ControlServer<C: Clock>: Service where C.Duration == Duration {
    let path: String
    let handler: RequestHandler<C>
    let hub: EventHub
    let logger: Logger
    /// A listening socket passed by systemd (socket activation); nil binds `path` itself.
    let listenDescriptor: Int32?
    let onListening: @Sendable () -> Void
    let onStopping: @Sendable () -> Void
    private let connections = ConnectionCounter()

    public init(path: String, listenDescriptor: Int32? = nil, handler: RequestHandler<C>, hub: EventHub, logger: Logger,
                onListening: @escaping @Sendable () -> Void = {}, onStopping: @escaping @Sendable () -> Void = {}) {
        self.path = path
        self.listenDescriptor = listenDescriptor
        self.handler = handler
        self.hub = hub
        self.logger = logger
        self.onListening = onListening
        self.onStopping = onStopping
    }

    public func run() async throws {
        // The quick lane takes every connection first (`QuickLane`); those it hands over are served on one NIO
        // event loop: the daemon's clients are few.
        let group = MultiThreadedEventLoopGroup.singleton
        let loop = group.next()
        // The idle connections' timers run on another loop where there is one (`ControlConnectionHandler.timerLoop`).
        let timerLoop = group.makeIterator().first { $0 !== loop } ?? loop
        // Connections come here from their handler when they first need a task.
        let (conversations, intake) = AsyncStream<NIOAsyncChannel<ByteBuffer, OutboundLine>>.makeStream()
        let quickReplies = handler.quickReplies
        let (connections, logger) = (self.connections, self.logger)
        let takeOver: QuickLane.HandOverAction = { descriptor, handOver in
            ClientBootstrap(group: loop)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let connection = ControlConnectionHandler(
                            counter: connections, handOver: handOver, answer: quickReplies.reply(to:into:),
                            converse: {
                                if case .terminated = intake.yield($0) { return false }
                                return true
                            },
                            timerLoop: timerLoop)
                        try channel.pipeline.syncOperations.addHandler(connection)
                    }
                }
                .withConnectedSocket(descriptor)
                .whenFailure { error in
                    // Nothing was registered: the connection is gone, and so is its place in the count.
                    logger.warning("could not take over a control connection: \(error)")
                    connections.leave()
                }
        }
        let listener: Int32
        if let listenDescriptor {
            // systemd made the socket file and owns it: we neither set its mode nor remove it.
            listener = listenDescriptor
            logger.notice("listening on the socket passed by the service manager (fd \(listenDescriptor))")
        } else {
            // Its folders were checked and a stale socket removed before the store was opened (`Daemon.run`).
            listener = try SocketSetup.listen(path: path)
            logger.notice("listening on \(path)")
        }
        defer { if listenDescriptor == nil { unlink(path) } }
        let lane = try QuickLane.start(listener: listener, answer: quickReplies.reply(to:into:), counter: connections,
                                       logger: logger, handOver: takeOver)
        onListening()
        // A graceful stop closes the socket at once (no new connections) and cancels the conversations; a request
        // already read still runs to the end and its reply is sent (see `converse`).
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown {
                await withDiscardingTaskGroup { group in
                    for await connection in conversations {
                        group.addTask { await serve(connection) }
                    }
                }
            }
        } onGracefulShutdown: {
            lane.stop()
        }
        lane.stop()
        await lane.stopped()
        intake.finish()
        onStopping()
        logger.info("control socket closed")
    }

    /// Converses with a connection handed over by the quick lane.
    private func serve(_ connection: NIOAsyncChannel<ByteBuffer, OutboundLine>) async {
        let channel = connection.channel
        do {
            try await connection.executeThenClose { inbound, outbound in
                try await converse(inbound: inbound, outbound: outbound, channel: channel)
            }
        } catch {
            logger.debug("connection ended: \(error)")
        }
    }

    private func converse(inbound: NIOAsyncChannelInboundStream<ByteBuffer>,
                          outbound: NIOAsyncChannelOutboundWriter<OutboundLine>, channel: any Channel) async throws {
        var subscription: UInt64?
        defer { if let subscription { hub.unsubscribe(subscription) } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            defer { group.cancelAll() }
            do {
                for try await line in inbound {
                    // A graceful stop cancels this task; the request already read still runs to the end (a
                    // store write is not abandoned half-way) and its reply is sent before the connection closes.
                    let handler = self.handler
                    let outcome = try await Task {
                        let outcome = await handler.reply(to: line.readableBytesView)
                        try await outbound.write(.reply(ByteBuffer(line: outcome.line)))
                        return outcome
                    }.value
                    guard outcome.subscribes, subscription == nil else { continue }
                    let logger = self.logger
                    let (id, lines) = hub.subscribe {
                        logger.warning("disconnecting a subscriber that does not read its events (\(Limits.maxQueuedEvents) queued)")
                        channel.close(promise: nil)
                    }
                    subscription = id
                    // Subscribers may stay silent for as long as they like.
                    try? await channel.triggerUserOutboundEvent(AllowSilence())
                    group.addTask {
                        for await event in lines { try await outbound.write(.other(ByteBuffer(line: event))) }
                    }
                }
            } catch is LineTooLongError {
                let error = ProtocolError(.lineTooLong, "request lines are limited to \(Limits.maxLineBytes) bytes; closing the connection")
                try await outbound.write(.other(ByteBuffer(line: Replies.failure(id: .none, error: error))))
            }
        }
    }
}
