import NIOCore
import NoiseCore
import NoiseProtocol
import NoiseWire

/// Sent down the pipeline by a subscriber's conversation: from now on the connection may stay silent.
struct AllowSilence {}

/// Sent down the pipeline of a connection closed to make room for another: its last line (a `disconnected` event),
/// then the close.
struct Evict {
    let line: ByteBuffer
}

/// A line longer than the limit: the connection gets a `line_too_long` error and is closed.
struct LineTooLongError: Error {}

/// The handler in front of a control connection's task (`ControlServer.converse`), on NIO's event loop:
///
/// - **lines**: `LineFramer` splits what the client sends; a line over the limit is reported to the conversation
///   (`LineTooLongError`), which answers `line_too_long` and closes; what the client still sends is read and dropped
///   until it stops sending (or `ControlLimits.overlongLineDrainSeconds` pass), so its write ends and it reads the refusal:
///   closing with unread data would reset the connection and lose it;
/// - **the end of input**: a client may close its side after its requests (`echo … | socat`): a last line without
///   its newline is still a request, and the conversation answers every line before the connection closes;
/// - **idle connections** are closed after `IdleStateHandler`'s read timeout without a byte from the client, unless
///   a subscriber's conversation sent `AllowSilence`;
/// - **the registry**: what is written is counted as queued until the socket takes it (the daemon's bound on what
///   it holds for clients that do not read), and the connection leaves `registry` when it closes (`ControlServer`
///   admitted it).
final class ControlConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let registry: ConnectionRegistry
    private let id: UInt64
    private let greeting: ByteBuffer?
    /// Told when a write puts the daemon over its budget and the slowest reader is closed (it must not block).
    private let onSlowReader: @Sendable () -> Void
    private var framer = LineFramer()
    /// Set by a line over the limit: nothing after it is framed.
    private var stoppedReading = false
    private var draining = false
    private var closeAfterDrain: EventLoopPromise<Void>?
    private var silenceAllowed = false

    /// The greeting never changes while the daemon runs.
    static let hello: ByteBuffer? = (try? Replies.event(.hello(Hello()))).map { ByteBuffer(line: $0) }

    /// `registry` has admitted this connection as `id`; `greeting` is its first line.
    init(
        registry: ConnectionRegistry, id: UInt64, greeting: ByteBuffer?,
        onSlowReader: @escaping @Sendable () -> Void = {}
    ) {
        self.registry = registry
        self.id = id
        self.greeting = greeting
        self.onSlowReader = onSlowReader
    }

    func channelActive(context: ChannelHandlerContext) {
        if let greeting { context.writeAndFlush(wrapOutboundOut(greeting), promise: nil) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        closeAfterDrain?.succeed(())
        closeAfterDrain = nil
        registry.leave(id)
        context.fireChannelInactive()
    }

    // MARK: Lines

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !stoppedReading else { return }
        framer.append(unwrapInboundIn(data))
        while !stoppedReading {
            switch framer.next() {
            case .needMoreData:
                return
            case .line(let line):
                context.fireChannelRead(wrapInboundOut(line))
            case .tooLong:
                stoppedReading = true
                draining = true
                context.fireErrorCaught(LineTooLongError())
            }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The conversation's stream has ended and asks for nothing more: the drain asks for itself.
        if draining { context.read() }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case ChannelEvent.inputClosed:
            if closeAfterDrain != nil { return context.close(promise: nil) }
            if !stoppedReading, let last = framer.finish() { context.fireChannelRead(wrapInboundOut(last)) }
            stoppedReading = true
            context.fireUserInboundEventTriggered(event)
        case let idle as IdleStateHandler.IdleStateEvent where idle == .read:
            if !silenceAllowed { context.close(promise: nil) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let bytes = unwrapOutboundIn(data).readableBytes
        let slowest = registry.queued(bytes, by: id)
        let written = promise ?? context.eventLoop.makePromise()
        let (registry, id) = (registry, id)
        written.futureResult.whenComplete { _ in _ = registry.queued(-bytes, by: id) }
        context.write(data, promise: written)
        if let slowest {
            onSlowReader()
            slowest.close(promise: nil)
        }
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        switch event {
        case is AllowSilence:
            silenceAllowed = true
            promise?.succeed(())
        case let evict as Evict:
            // Its last line is flushed first (an idle client's socket takes it at once); one that does not take it
            // within a second is closed all the same.
            context.writeAndFlush(wrapOutboundOut(evict.line)).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
            context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
            promise?.succeed(())
        default:
            context.triggerUserOutboundEvent(event, promise: promise)
        }
    }

    /// After a line over the limit the conversation closes once the refusal is written: the output closes now (the
    /// client reads the refusal, then the end), the rest when the client stops sending or at the drain's deadline.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard draining, mode == .all, closeAfterDrain == nil, context.channel.isActive else {
            return context.close(mode: mode, promise: promise)
        }
        let done = context.eventLoop.makePromise(of: Void.self)
        if let promise { done.futureResult.cascade(to: promise) }
        closeAfterDrain = done
        context.close(mode: .output, promise: nil)
        context.read()
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(ControlLimits.overlongLineDrainSeconds)) {
            if self.closeAfterDrain != nil { context.close(mode: .all, promise: nil) }
        }
    }
}

/// A connection that is not served: told why as it opens, then closed.
final class RefusingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let refusal: ByteBuffer

    init(refusal: ByteBuffer) {
        self.refusal = refusal
    }

    func channelActive(context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(refusal), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

extension ByteBuffer {
    /// A protocol line: the bytes and the newline that ends them.
    init(line: [UInt8]) {
        self.init()
        reserveCapacity(line.count + 1)
        writeBytes(line)
        writeInteger(UInt8(ascii: "\n"))
    }
}
