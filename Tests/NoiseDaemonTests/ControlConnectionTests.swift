import NIOCore
import NIOEmbedded
import NoiseCore
import Testing

@testable import NoiseControl
@testable import NoiseDaemon

/// The connection's handler on NIO's embedded channel: the lines it passes on are read as the conversation would
/// get them, and what it writes is read back as the client would get it.
@Suite("control connection")
struct ControlConnectionTests {
    private let registry = ConnectionRegistry(maxConnections: 4, maxSubscribers: 2, maxQueuedBytes: 100)

    private func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        // The server admitted the connection.
        guard case .admitted(let id, _) = registry.admit(channel, pid: 1) else { throw ChannelError.alreadyClosed }
        try channel.pipeline.syncOperations.addHandler(
            ControlConnectionHandler(registry: registry, id: id, greeting: ByteBuffer(string: "hello\n")))
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/noised.sock")).wait()
        return channel
    }

    private func sent(_ channel: EmbeddedChannel) throws -> [String] {
        var lines: [String] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { lines.append(String(buffer: buffer)) }
        return lines
    }

    private func lines(_ channel: EmbeddedChannel) throws -> [String] {
        var lines: [String] = []
        while let buffer = try channel.readInbound(as: ByteBuffer.self) { lines.append(String(buffer: buffer)) }
        return lines
    }

    @Test func theConnectionIsGreetedAndItsLinesPassedOnInOrder() throws {
        let channel = try connection()
        #expect(try sent(channel) == ["hello\n"])
        try channel.writeInbound(ByteBuffer(string: "{\"cmd\":\"play\"}\r\nping\n{\"cmd\""))
        #expect(try lines(channel) == ["{\"cmd\":\"play\"}", "ping"])
        // The partial line is completed by the next read.
        try channel.writeInbound(ByteBuffer(string: ":\"stop\"}\n"))
        #expect(try lines(channel) == ["{\"cmd\":\"stop\"}"])
    }

    /// `echo '…' | socat`: the client closes its side after its last line, which may lack its newline.
    @Test func atTheEndOfInputALastLineWithoutItsNewlineIsPassedOnThenTheEnd() throws {
        let channel = try connection()
        try channel.writeInbound(ByteBuffer(string: "ping\nstatus"))
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(try lines(channel) == ["ping", "status"])
        // The connection stays open: the conversation still has replies to write.
        #expect(channel.isActive)
    }

    @Test func aLineOverTheLimitIsReportedAndNothingAfterItIsFramed() throws {
        let channel = try connection()
        #expect(throws: LineTooLongError.self) {
            try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "x"), count: Limits.maxLineBytes + 1))
        }
        try channel.writeInbound(ByteBuffer(string: "\nping\n"))
        #expect(try lines(channel).isEmpty)
    }

    @Test func itsPlaceInTheRegistryIsGivenBackWhenItCloses() throws {
        let channel = try connection()
        #expect(registry.count == 1)
        _ = try channel.close().wait()
        #expect(registry.count == 0)
    }

    @Test func whatItWritesCountsAsQueuedUntilTheSocketTakesIt() throws {
        let channel = try connection()
        _ = try sent(channel)
        // The embedded channel takes writes at once: the greeting (6 bytes) is no longer counted.
        #expect(registry.queuedBytes == 0)
        let pending = channel.write(ByteBuffer(string: "a reply\n"))
        #expect(registry.queuedBytes == 8)
        channel.flush()
        try pending.wait()
        #expect(registry.queuedBytes == 0)
    }

    @Test func anEvictedConnectionIsToldWhyThenClosed() throws {
        let channel = try connection()
        _ = try sent(channel)
        channel.pipeline.syncOperations.triggerUserOutboundEvent(Evict(line: ByteBuffer(string: "bye\n")), promise: nil)
        #expect(try sent(channel) == ["bye\n"])
        #expect(!channel.isActive)
    }

    // `IdleStateHandler` reads the real clock, not the embedded loop's: its event is sent here by hand. (The drain
    // after a line over the limit needs a real socket's half-close: test_attacks.py.)

    @Test func aSilentConnectionIsClosedWhenTheIdleHandlerSaysSo() throws {
        let channel = try connection()
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        #expect(!channel.isActive)
    }

    @Test func aSubscriberMayStaySilent() throws {
        let channel = try connection()
        channel.pipeline.syncOperations.triggerUserOutboundEvent(AllowSilence(), promise: nil)
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        #expect(channel.isActive)
    }
}
