// Row 2 through SwiftNIO, for the bench (docs/performance.md): a bare SwiftNIO server set up as noised's handed-over
// connections are served (one event loop, a Unix socket), with a single handler that greets and then answers every
// line with the same fixed line, as long as noised's status reply. What it takes per request is what NIO itself
// costs, and what noised's quick lane (`QuickLane`, its own epoll loop) leaves out. Not installed; built so that
// `make bench` can run it beside noised and mpd.
import Glibc
import NIOCore
import NIOPosix

let arguments = CommandLine.arguments
guard arguments.count == 3, let replyBytes = Int(arguments[2]), replyBytes >= 20 else {
    let usage = "usage: nio-floor SOCKET REPLY_BYTES (at least 20)\n"
    _ = write(2, usage, usage.utf8.count)
    exit(2)
}
let greeting = Array(#"{"data":{"name":"nio-floor"},"event":"hello"}"#.utf8) + [UInt8(ascii: "\n")]
// Ends as noised's replies do (their members are in key order, "ok" last), which is what the bench's client checks.
let padding = replyBytes - #"{"pad":"","ok":true}"#.utf8.count
let reply = Array(#"{"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: padding) + Array(#"","ok":true}"#.utf8)
    + [UInt8(ascii: "\n")]

final class FixedReplies: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private var pending = ByteBuffer()

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: greeting)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        pending.writeBuffer(&bytes)
        while let newline = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            pending.moveReaderIndex(to: newline + 1)
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil)
        }
        pending.discardReadBytes()
    }
}

let loop = MultiThreadedEventLoopGroup.singleton.next()
unlink(arguments[1])
let server = try ServerBootstrap(group: loop, childGroup: loop)
    .serverChannelOption(.backlog, value: 256)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(FixedReplies()) }
    }
    .bind(unixDomainSocketPath: arguments[1]).wait()
try server.closeFuture.wait()
