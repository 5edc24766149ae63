import NIOCore
import NIOEmbedded
import NoiseCore
import Testing
@testable import NoiseDaemon

/// The connection's handler on NIO's embedded channel, as the quick lane hands connections over: its event loop's
/// clock is moved by hand, and what the handler writes is read back as the client would get it.
@Suite("control connection")
struct ControlConnectionTests {
    /// What the handler did with the lines it did not answer itself.
    final class Conversations {
        var started = 0
        var accepting = true
    }

    private let counter = ConnectionCounter()
    private let conversations = Conversations()

    /// Answers `ping` with `pong` and `echo X` with `X`; everything else needs the connection's task.
    private func connection(timerLoop: EmbeddedEventLoop? = nil, handOver: HandOver = HandOver()) throws -> EmbeddedChannel {
        let conversations = self.conversations
        // The lane counted the connection in.
        _ = counter.enter()
        let handler = ControlConnectionHandler(
            counter: counter, handOver: handOver,
            answer: { line, reply in
                if Array(line) == Array("ping".utf8) {
                    reply.writeString("pong")
                } else if Array(line.prefix(5)) == Array("echo ".utf8) {
                    reply.writeBytes(line.dropFirst(5))
                } else {
                    return false
                }
                return true
            },
            converse: { _ in
                conversations.started += 1
                return conversations.accepting
            },
            idleTimeout: .seconds(300), timerLoop: timerLoop)
        let channel = EmbeddedChannel(handler: handler)
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/noised.sock")).wait()
        return channel
    }

    private func sent(_ channel: EmbeddedChannel) throws -> [String] {
        var lines: [String] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { lines.append(String(buffer: buffer)) }
        return lines
    }

    @Test func answersQuickRequestsWithoutATask() throws {
        let channel = try connection()
        #expect(try sent(channel).isEmpty)
        try channel.writeInbound(ByteBuffer(string: "ping\r\nping\n"))
        #expect(try sent(channel) == ["pong\n", "pong\n"])
        #expect(conversations.started == 0)
    }

    /// Quick replies are written into one buffer per connection; a reply the socket has not taken yet (here: not yet
    /// read from the embedded channel) is never overwritten by the next.
    @Test func aQuickReplyStillQueuedIsNotOverwrittenByTheNext() throws {
        let channel = try connection()
        _ = try sent(channel)
        try channel.writeInbound(ByteBuffer(string: "echo first\necho second, longer\necho 3\n"))
        #expect(try sent(channel) == ["first\n", "second, longer\n", "3\n"])
        try channel.writeInbound(ByteBuffer(string: "echo again\n"))
        #expect(try sent(channel) == ["again\n"])
    }

    @Test func aQuickRequestWaitsWhileAnEarlierLineIsUnanswered() throws {
        let channel = try connection()
        _ = try sent(channel)
        try channel.writeInbound(ByteBuffer(string: "{\"cmd\":\"play\"}\nping\n"))
        // Both went to the task, in order: answering `ping` here would overtake the reply to `play`.
        #expect(try sent(channel).isEmpty)
        #expect(conversations.started == 1)
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "{\"cmd\":\"play\"}")
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "ping")

        // Once the task has answered both, `ping` is quick again.
        try channel.writeOutbound(OutboundLine.reply(ByteBuffer(string: "played\n")))
        try channel.writeOutbound(OutboundLine.reply(ByteBuffer(string: "pong\n")))
        #expect(try sent(channel) == ["played\n", "pong\n"])
        try channel.writeInbound(ByteBuffer(string: "ping\n"))
        #expect(try sent(channel) == ["pong\n"])
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
    }

    @Test func eventsDoNotCountAsReplies() throws {
        let channel = try connection()
        _ = try sent(channel)
        try channel.writeInbound(ByteBuffer(string: "{\"cmd\":\"subscribe\"}\n"))
        _ = try channel.readInbound(as: ByteBuffer.self)
        try channel.writeOutbound(OutboundLine.other(ByteBuffer(string: "event\n")))
        try channel.writeInbound(ByteBuffer(string: "ping\n"))
        #expect(try sent(channel) == ["event\n"])
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "ping")
    }

    @Test func aLineOverTheLimitStopsTheReading() throws {
        let channel = try connection()
        _ = try sent(channel)
        // The task is started and told (the conversation reports it to the client, then closes).
        #expect(throws: LineTooLongError.self) {
            try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "x"), count: Limits.maxLineBytes + 1))
        }
        #expect(conversations.started == 1)
        try channel.writeInbound(ByteBuffer(string: "\nping\n"))
        #expect(try sent(channel).isEmpty)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
    }

    @Test func whenTheServerIsStoppingALineForTheTaskClosesTheConnection() throws {
        conversations.accepting = false
        let channel = try connection()
        _ = try sent(channel)
        try channel.writeInbound(ByteBuffer(string: "{\"cmd\":\"play\"}\nping\n"))
        #expect(!channel.isActive)
        #expect(try sent(channel).isEmpty)
    }

    /// What the lane wrote and the socket did not take goes out first; what it read and did not answer is read
    /// then, in order, as if it had just come.
    @Test func whatTheLanePassedOnIsWrittenAndReadFirst() throws {
        let handOver = HandOver(unsent: Array("pong\n".utf8), unread: Array("{\"cmd\":\"play\"}\nping\n{\"cmd\"".utf8))
        let channel = try connection(handOver: handOver)
        #expect(try sent(channel) == ["pong\n"])
        #expect(conversations.started == 1)
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "{\"cmd\":\"play\"}")
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "ping")
        // The partial line is completed by the next read.
        try channel.writeInbound(ByteBuffer(string: ":\"stop\"}\n"))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "{\"cmd\":\"stop\"}")
    }

    @Test func itsPlaceInTheCountIsGivenBackWhenItCloses() throws {
        let channel = try connection()
        for _ in 1..<Limits.maxConnections { #expect(counter.enter()) }
        #expect(!counter.enter())
        counter.leave()
        _ = try channel.close().wait()
        #expect(counter.enter())
    }

    @Test func aSilentConnectionIsClosedAfterTheIdleTimeoutCountedFromItsLastRead() throws {
        let channel = try connection()
        channel.embeddedEventLoop.advanceTime(by: .seconds(200))
        try channel.writeInbound(ByteBuffer(string: "ping\n"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(299))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    /// The daemon runs the idle timers on another event loop than the connections'; the time is still the
    /// connection's loop's, and the check is made there.
    @Test func theIdleTimeoutHoldsWithItsTimerOnAnotherLoop() throws {
        let timers = EmbeddedEventLoop()
        let channel = try connection(timerLoop: timers)
        func advance(_ seconds: Int64) {
            channel.embeddedEventLoop.advanceTime(by: .seconds(seconds))
            timers.advanceTime(by: .seconds(seconds))
            channel.embeddedEventLoop.run()
        }
        advance(200)
        try channel.writeInbound(ByteBuffer(string: "ping\n"))
        advance(299)
        #expect(channel.isActive)
        advance(1)
        #expect(!channel.isActive)
    }

    @Test func aSubscriberMayStaySilent() throws {
        let channel = try connection()
        channel.pipeline.syncOperations.triggerUserOutboundEvent(AllowSilence(), promise: nil)
        channel.embeddedEventLoop.advanceTime(by: .hours(10))
        #expect(channel.isActive)
    }
}
