import Glibc
import Logging
import NIOCore
import NoiseCore

/// A line on its way to the client: replies are told apart from the rest so that the connection's handler knows
/// when the connection's task has answered everything it was given.
enum OutboundLine {
    case reply(ByteBuffer)
    /// An event, or a last word before closing (a line too long).
    case other(ByteBuffer)
}

/// Sent down the pipeline by a subscriber's conversation: from now on the connection may stay silent.
struct AllowSilence {}

/// Everything a control connection needs on the event loop, in the only handler of its pipeline (NIO builds,
/// activates and tears down a context per handler on every connection, and passes every read through each:
/// six handlers were about a third of the daemon's part of a `noisectl status`; docs/performance.md, row 1):
///
/// - **admission**, the moment it opens: under the connection limit and from an allowed peer (`SO_PEERCRED`: the
///   daemon's user or root) it is greeted at once; otherwise it gets the refusal and is closed, and nothing it
///   sends goes further;
/// - **lines**: `LineFramer` splits what it sends; a line over the limit ends the connection with `line_too_long`;
/// - **quick replies**: `ping` and `status` are answered here from the status board, without a trip through the
///   connection's task and the actors, but only when nothing else of the connection is still being answered (so
///   replies keep the order of their requests and a `status` after a change shows it), and only while the socket
///   takes writes (so a client that does not read meets the task's back-pressure);
/// - **the conversation**: the first line not answered here hands the connection to a Swift task
///   (`ControlServer.serve`: the request handler, events). A client that only asks for `status` (a status bar,
///   `noisectl status`) never wakes a thread of the task pool;
/// - **idle connections** are closed after `idleTimeout` without a byte from the client, unless a subscriber's
///   conversation sent `AllowSilence`.
final class ControlConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = OutboundLine
    typealias OutboundOut = ByteBuffer
    typealias Conversation = NIOAsyncChannel<ByteBuffer, OutboundLine>

    private let counter: ConnectionCounter
    private let logger: Logger
    /// Appends the quick reply to a line (`QuickReplies.reply`), or returns false.
    private let answer: (ByteBufferView, inout ByteBuffer) -> Bool
    /// Takes a connection's conversation; false when the server no longer serves any (it is stopping).
    private let converse: (Conversation) -> Bool
    private let idleTimeout: TimeAmount
    /// Where the idle check's timer runs. Not the connection's own loop: while a timer is pending there, every tick of
    /// that loop reads the clock three times and looks at its timers, a tenth of a microsecond on each request
    /// (docs/performance.md, row 2). Nil, or the connection's own loop, keeps it there (the tests' embedded loop).
    private let timerLoop: (any EventLoop)?

    private var framer = LineFramer()
    private var counted = false
    private var admitted = false
    /// Set by a line over the limit: nothing after it is read.
    private var stoppedReading = false
    private var conversing = false
    /// Lines passed on to the connection's task whose replies have not been written yet.
    private var unanswered = 0
    private var lastRead = NIODeadline.uptimeNanoseconds(0)
    private var idleCheck: Scheduled<Void>?
    /// Quick replies are written here. Once the socket has taken a reply, NIO lets go of the buffer and the next
    /// reply reuses its memory (a reply still queued is left alone: clearing a shared buffer copies it first).
    private var replies = ByteBuffer()

    init(counter: ConnectionCounter, logger: Logger, answer: @escaping (ByteBufferView, inout ByteBuffer) -> Bool,
         converse: @escaping (Conversation) -> Bool, idleTimeout: TimeAmount = .seconds(Limits.idleConnectionSeconds),
         timerLoop: (any EventLoop)? = nil) {
        self.counter = counter
        self.logger = logger
        self.answer = answer
        self.converse = converse
        self.idleTimeout = idleTimeout
        self.timerLoop = timerLoop
    }

    // MARK: Admission

    func channelActive(context: ChannelHandlerContext) {
        counted = true
        lastRead = context.eventLoop.now
        scheduleIdleCheck(context, in: idleTimeout)
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

    func channelInactive(context: ChannelHandlerContext) {
        if counted { counter.leave() }
        counted = false
        idleCheck?.cancel()
        idleCheck = nil
        // A last line without a newline is still a request (its reply has nowhere to go).
        if admitted, !stoppedReading, let last = framer.finish() { deliver(context, last) }
        context.fireChannelInactive()
    }

    // MARK: Lines

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard admitted, !stoppedReading else { return }
        lastRead = context.eventLoop.now
        framer.append(unwrapInboundIn(data))
        while !stoppedReading {
            switch framer.next() {
            case .needMoreData:
                return
            case .line(let line):
                deliver(context, line)
            case .tooLong:
                // The conversation reports it as it always has, then the connection closes.
                stoppedReading = true
                if startConversation(context) { context.fireErrorCaught(LineTooLongError()) }
            }
        }
    }

    private func deliver(_ context: ChannelHandlerContext, _ line: ByteBuffer) {
        if unanswered == 0, context.channel.isWritable {
            replies.clear()
            if answer(line.readableBytesView, &replies) {
                replies.writeInteger(UInt8(ascii: "\n"))
                context.writeAndFlush(wrapOutboundOut(replies), promise: nil)
                return
            }
        }
        guard startConversation(context) else { return }
        unanswered += 1
        context.fireChannelRead(wrapInboundOut(line))
    }

    /// Hands the connection to a Swift task the first time it needs one; false when it cannot be served (the
    /// server is stopping), and then it is closed and reads nothing more.
    private func startConversation(_ context: ChannelHandlerContext) -> Bool {
        if conversing { return true }
        conversing = true
        do {
            let conversation = try Conversation(wrappingChannelSynchronously: context.channel)
            guard converse(conversation) else { throw CancellationError() }
            return true
        } catch {
            stoppedReading = true
            context.close(promise: nil)
            return false
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let buffer: ByteBuffer
        switch unwrapOutboundIn(data) {
        case .reply(let line):
            unanswered -= 1
            buffer = line
        case .other(let line):
            buffer = line
        }
        context.write(wrapOutboundOut(buffer), promise: promise)
    }

    // MARK: Idle connections

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is AllowSilence else { return context.triggerUserOutboundEvent(event, promise: promise) }
        idleCheck?.cancel()
        idleCheck = nil
        promise?.succeed(())
    }

    /// One timer per connection, moved on only when it fires (not on every read): a busy connection costs nothing.
    private func scheduleIdleCheck(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        guard let timerLoop, timerLoop !== context.eventLoop else {
            idleCheck = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { self.checkIdle(context) }
            return
        }
        let here = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        idleCheck = timerLoop.scheduleTask(in: delay) {
            here.eventLoop.execute { here.value.handler.checkIdle(here.value.context) }
        }
    }

    private func checkIdle(_ context: ChannelHandlerContext) {
        // A check already on its way when the connection closed or subscribed finds nothing to do.
        guard idleCheck != nil else { return }
        let quiet = context.eventLoop.now - lastRead
        if quiet >= idleTimeout {
            context.close(promise: nil)
        } else {
            scheduleIdleCheck(context, in: idleTimeout - quiet)
        }
    }
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
