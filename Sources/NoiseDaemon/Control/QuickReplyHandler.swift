import NIOCore

/// A line on its way to the client: replies are told apart from the rest so that `QuickReplyHandler` knows
/// when the connection's task has answered everything it was given.
enum OutboundLine {
    case reply(ByteBuffer)
    /// An event, or a last word before closing (a line too long).
    case other(ByteBuffer)
}

/// Answers `ping` and `status` on the event loop as soon as they are read, without a trip through the
/// connection's task and the actors (a third of the time it took; docs/performance.md, row 2). Only when
/// nothing else of the connection is still being answered, so replies keep the order of their requests and a
/// `status` after a change shows it; only after the greeting (a refused peer gets nothing); and only while the
/// socket takes writes, so a client that does not read meets the task's back-pressure as before.
final class QuickReplyHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = OutboundLine
    typealias OutboundOut = ByteBuffer

    private let answer: (ByteBufferView) -> [UInt8]?
    private var admitted = false
    /// Lines passed on to the connection's task whose replies have not been written yet.
    private var unanswered = 0

    init(answer: @escaping (ByteBufferView) -> [UInt8]?) {
        self.answer = answer
    }

    /// `ConnectionGate` passes this on only for a connection it admitted and greeted.
    func channelActive(context: ChannelHandlerContext) {
        admitted = true
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = unwrapInboundIn(data)
        if admitted, unanswered == 0, context.channel.isWritable, let reply = answer(line.readableBytesView) {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(line: reply)), promise: nil)
            return
        }
        unanswered += 1
        context.fireChannelRead(data)
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

/// Hands a connection to a Swift task (`ControlServer.serve`: the request handler, events) the first time it sends
/// a line `QuickReplyHandler` did not answer, or the first time its framing fails (a line too long, which the
/// conversation reports as it always has). A client that only asks for `status` (a status bar, `noisectl
/// status`) never wakes a thread of the task pool: one wake-up fewer for the greeting (docs/performance.md, row 1).
final class ConversationStarter: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let intake: AsyncStream<NIOAsyncChannel<ByteBuffer, OutboundLine>>.Continuation
    private var started = false

    init(intake: AsyncStream<NIOAsyncChannel<ByteBuffer, OutboundLine>>.Continuation) {
        self.intake = intake
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard start(context) else { return }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard start(context) else { return }
        context.fireErrorCaught(error)
    }

    /// False when the connection cannot be served (the server is stopping); it is closed.
    private func start(_ context: ChannelHandlerContext) -> Bool {
        if started { return true }
        started = true
        do {
            let conversation = try NIOAsyncChannel<ByteBuffer, OutboundLine>(wrappingChannelSynchronously: context.channel)
            if case .terminated = intake.yield(conversation) {
                context.close(promise: nil)
                return false
            }
            return true
        } catch {
            context.close(promise: nil)
            return false
        }
    }
}
