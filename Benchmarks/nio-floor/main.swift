// Row 2's floors through SwiftNIO, for the bench (docs/performance.md): a bare server on a Unix socket that greets and
// then answers every line with the same fixed line, as long as noised's status reply. Two shapes:
// - by default one `ChannelInboundHandler` answering on the event loop: what NIO itself costs per request;
// - with `--async`, the shape docs/architecture.md gives noised's control socket: the sockets on a loop of their own,
//   one `NIOAsyncChannel` per connection served by a child task, each request answered by a task of its own (as
//   noised's are, so that a graceful stop does not cancel a request half-way). No daemon work at all: what that shape
//   costs per request before noised does anything.
// Not installed; built so that `make bench` can run it beside noised and mpd.
import Glibc
import NIOCore
import NIOPosix

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let replyBytes = Int(arguments[2]), replyBytes >= 20,
    arguments.count == 3 || arguments[3] == "--async"
else {
    let usage = "usage: nio-floor SOCKET REPLY_BYTES [--async]   (REPLY_BYTES at least 20)\n"
    _ = write(2, usage, usage.utf8.count)
    exit(2)
}
let greeting = ByteBuffer(string: #"{"data":{"name":"nio-floor"},"event":"hello"}"# + "\n")
// Ends as noised's replies do (their members are in key order, "ok" last), which is what the bench's client checks.
let padding = replyBytes - #"{"pad":"","ok":true}"#.utf8.count
let reply = ByteBuffer(string: #"{"pad":""# + String(repeating: "x", count: padding) + #"","ok":true}"# + "\n")

/// Splits the stream into lines, the newline dropped.
struct Lines: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")),
            let line = buffer.readSlice(length: newline - buffer.readerIndex)
        else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}

/// The handler shape: every line answered on the event loop.
final class FixedReplies: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(greeting), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.writeAndFlush(wrapOutboundOut(reply), promise: nil)
    }
}

unlink(arguments[1])
if arguments.count == 3 {
    let loop = MultiThreadedEventLoopGroup.singleton.next()
    let server = try await ServerBootstrap(group: loop, childGroup: loop)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandlers(ByteToMessageHandler(Lines()), FixedReplies())
            }
        }
        .bind(unixDomainSocketPath: arguments[1]).get()
    try await server.closeFuture.get()
} else {
    let sockets = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let server = try await ServerBootstrap(group: sockets).bind(unixDomainSocketPath: arguments[1]) { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(Lines()))
            return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
    }
    try await withThrowingDiscardingTaskGroup { group in
        try await server.executeThenClose { connections in
            for try await connection in connections {
                group.addTask {
                    try? await connection.executeThenClose { requests, replies in
                        try await replies.write(greeting)
                        for try await _ in requests {
                            try await Task { try await replies.write(reply) }.value
                        }
                    }
                }
            }
        }
    }
}
