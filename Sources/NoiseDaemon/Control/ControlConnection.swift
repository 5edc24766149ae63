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

/// Everything a control connection needs on NIO's event loop once the quick lane has handed it over
/// (`QuickLane`: it accepted, admitted and greeted the connection, and answered its `ping`s and `status`es until a
/// line needed more), in the only handler of its pipeline (NIO builds, activates and tears down a context per
/// handler on every connection, and passes every read through each; docs/performance.md, row 1):
///
/// - **what the lane passed on**: replies the socket had not taken are written first, then the bytes it read and
///   did not answer are read as if they had just come;
/// - **lines**: `LineFramer` splits what it sends; a line over the limit ends the connection with `line_too_long`;
/// - **quick replies**: `ping` and `status` are still answered here from the status board, without a trip through
///   the connection's task and the actors, but only when nothing else of the connection is still being answered (so
///   replies keep the order of their requests and a `status` after a change shows it), and only while the socket
///   takes writes (so a client that does not read meets the task's back-pressure);
/// - **the conversation**: the first line not answered here hands the connection to a Swift task
///   (`ControlServer.serve`: the request handler, events);
/// - **idle connections** are closed after `idleTimeout` without a byte from the client, unless a subscriber's
///   conversation sent `AllowSilence`;
/// - **the count**: the connection leaves `counter` when it closes (the lane counted it in).
final class ControlConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = OutboundLine
    typealias OutboundOut = ByteBuffer
    typealias Conversation = NIOAsyncChannel<ByteBuffer, OutboundLine>

    private let counter: ConnectionCounter
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
    /// What the quick lane passed on; taken in `channelActive`.
    private var handOver: HandOver
    /// Set by a line over the limit: nothing after it is read.
    private var stoppedReading = false
    /// Set by a line over the limit too: what the client still sends is read and dropped until it stops sending
    /// (or `Limits.overlongLineDrainSeconds` pass), so its write ends and it reads the refusal; the close waits.
    private var draining = false
    private var closeAfterDrain: EventLoopPromise<Void>?
    private var conversing = false
    /// Lines passed on to the connection's task whose replies have not been written yet.
    private var unanswered = 0
    private var lastRead = NIODeadline.uptimeNanoseconds(0)
    private var idleCheck: Scheduled<Void>?
    /// Quick replies are written here. Once the socket has taken a reply, NIO lets go of the buffer and the next
    /// reply reuses its memory (a reply still queued is left alone: clearing a shared buffer copies it first).
    private var replies = ByteBuffer()

    init(counter: ConnectionCounter, handOver: HandOver = HandOver(),
         answer: @escaping (ByteBufferView, inout ByteBuffer) -> Bool,
         converse: @escaping (Conversation) -> Bool, idleTimeout: TimeAmount = .seconds(Limits.idleConnectionSeconds),
         timerLoop: (any EventLoop)? = nil) {
        self.counter = counter
        self.handOver = handOver
        self.answer = answer
        self.converse = converse
        self.idleTimeout = idleTimeout
        self.timerLoop = timerLoop
    }

    // MARK: Taking over from the quick lane

    func channelActive(context: ChannelHandlerContext) {
        counted = true
        lastRead = context.eventLoop.now
        scheduleIdleCheck(context, in: idleTimeout)
        let handOver = self.handOver
        self.handOver = HandOver()
        if !handOver.unsent.isEmpty {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: handOver.unsent)), promise: nil)
        }
        context.fireChannelActive()
        guard !handOver.unread.isEmpty else { return }
        read(context, ByteBuffer(bytes: handOver.unread))
        // The conversation's stream hands on what it was given when a read completes.
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        closeAfterDrain?.succeed(())
        closeAfterDrain = nil
        if counted { counter.leave() }
        counted = false
        idleCheck?.cancel()
        idleCheck = nil
        // A last line without a newline is still a request (its reply has nowhere to go).
        if !stoppedReading, let last = framer.finish() { deliver(context, last) }
        context.fireChannelInactive()
    }

    // MARK: Lines

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastRead = context.eventLoop.now
        read(context, unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The conversation's stream has ended and asks for nothing more: the drain asks for itself.
        if draining { context.read() }
        context.fireChannelReadComplete()
    }

    // MARK: Draining after a line over the limit

    /// The conversation closes once the refusal is written: the output closes now (the client reads the refusal,
    /// then the end), the rest when the client stops sending (its end of stream closes the channel) or at the
    /// drain's deadline.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard draining, mode == .all, closeAfterDrain == nil, context.channel.isActive else {
            return context.close(mode: mode, promise: promise)
        }
        let done = context.eventLoop.makePromise(of: Void.self)
        if let promise { done.futureResult.cascade(to: promise) }
        closeAfterDrain = done
        context.close(mode: .output, promise: nil)
        context.read()
        let loop = context.eventLoop.assumeIsolated()
        loop.scheduleTask(in: .seconds(Limits.overlongLineDrainSeconds)) {
            if self.closeAfterDrain != nil { context.close(mode: .all, promise: nil) }
        }
    }

    private func read(_ context: ChannelHandlerContext, _ bytes: ByteBuffer) {
        guard !stoppedReading else { return }
        framer.append(bytes)
        while !stoppedReading {
            switch framer.next() {
            case .needMoreData:
                return
            case .line(let line):
                deliver(context, line)
            case .tooLong:
                // The conversation reports it as it always has, then the connection closes.
                stoppedReading = true
                draining = true
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
