import Glibc
import Logging
import NIOCore
import NoiseCore
import Synchronization

/// Admits a connection on the event loop the moment it opens: under the connection limit and from an allowed
/// peer (`SO_PEERCRED`: the daemon's user or root) it is greeted at once and passed on; otherwise it gets the
/// refusal and is closed, and nothing it sends goes further. Doing this here rather than in the connection's task
/// saves the greeting a few thread hops (docs/performance.md, row 1).
final class ConnectionGate: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let counter: ConnectionCounter
    private let logger: Logger
    private var counted = false
    private var admitted = false

    init(counter: ConnectionCounter, logger: Logger) {
        self.counter = counter
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        counted = true
        guard counter.enter() else {
            logger.warning("refused a connection: \(Limits.maxConnections) clients are connected already")
            return refuse(context, ProtocolError(.tooManyClients,
                                                 "the daemon serves at most \(Limits.maxConnections) connections at once"))
        }
        guard let provider = context.channel as? any SocketOptionProvider else { return admit(context) }
        // On the channel's own event loop the option is read at once, so this runs before anything else.
        provider.unsafeGetSocketOption(level: .socket, name: NIOBSDSocket.Option(rawValue: SO_PEERCRED))
            .assumeIsolated().whenComplete { (result: Result<PeerCredentials, any Error>) in
                guard case .success(let peer) = result, peer.isAllowed else {
                    let peer = try? result.get()
                    self.logger.warning("refused a connection from uid \(peer.map { String($0.uid) } ?? "unknown"), pid \(peer.map { String($0.pid) } ?? "?")")
                    return self.refuse(context, ProtocolError(.permissionDenied, "only uid \(getuid()) (and root) may control this daemon"))
                }
                self.admit(context)
            }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if counted { counter.leave() }
        counted = false
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if admitted { context.fireChannelRead(data) }
    }

    /// The greeting never changes while the daemon runs, so it is encoded once, not on every connection.
    private static let hello = try? Replies.event(EventName.hello, data: Hello())

    private func admit(_ context: ChannelHandlerContext) {
        guard let hello = Self.hello else { return context.close(promise: nil) }
        admitted = true
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(line: hello)), promise: nil)
        context.fireChannelActive()
    }

    private func refuse(_ context: ChannelHandlerContext, _ error: ProtocolError) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(line: Replies.failure(id: .none, error: error))), promise: nil)
        context.close(promise: nil)
    }
}

/// Counts open connections against `Limits.maxConnections`.
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts a connection in; false when it is over the limit (it is still counted until `leave`).
    func enter() -> Bool {
        count.wrappingAdd(1, ordering: .relaxed).newValue <= Limits.maxConnections
    }

    func leave() {
        count.wrappingSubtract(1, ordering: .relaxed)
    }
}
