import NIOCore
import NIOHTTP1
import NoiseCore

/// The first handler to see each request's head as NIO decoded it (placed right after the decoder, before the
/// WebSocket upgrader and Hummingbird's conversion): refuses with **400** a head `RequestHeadRules` refuses, and
/// closes a connection that keeps noiseweb waiting, for the head and body of a request, more than
/// `WebLimits.webRequestWaitSeconds` from its opening or from the last answer sent. Its timer lives only while a
/// connection waits, on the connection's own event loop. It leaves the pipeline as a WebSocket upgrade passes: an open
/// page's socket is not timed, and what follows is not HTTP.
public final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart
    public typealias OutboundIn = HTTPServerResponsePart
    public typealias OutboundOut = HTTPServerResponsePart

    private let wait: TimeAmount
    private var deadline: Scheduled<Void>?
    /// A head was refused: what follows of its request is dropped, and the connection closes after the answer.
    private var refused = false

    public init(wait: TimeAmount = .seconds(Int64(WebLimits.webRequestWaitSeconds))) {
        self.wait = wait
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    public func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let refusal = RequestHeadRules.refusal(target: head.uri, hostFields: head.headers["Host"].count) {
                refuse(refusal, context: context)
                return
            }
            if head.headers["Upgrade"].contains(where: { $0.lowercased().contains("websocket") }) {
                context.fireChannelRead(data)
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                return
            }
        case .body:
            break
        case .end:
            // The whole request is here: the wait is now noiseweb's, not the browser's.
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: wait) { channel.close(promise: nil) }
    }

    private func refuse(_ refusal: WebRefusal, context: ChannelHandlerContext) {
        refused = true
        deadline?.cancel()
        deadline = nil
        let body = WebReply.failure(refusal).json
        var headers = HTTPHeaders([
            ("Content-Type", "application/json"), ("Content-Length", "\(body.count)"),
            ("Connection", "close"), (SecurityHeaders.noStore.name, SecurityHeaders.noStore.value),
        ])
        for header in SecurityHeaders.always { headers.add(name: header.name, value: header.value) }
        let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: refusal.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
