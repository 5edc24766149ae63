import NIOCore
import NIOEmbedded
import NIOHTTP1
import NoiseCore
import NoiseWebCore
import Testing

/// `RequestHeadGuard` on NIO's embedded channel, whose time moves only when told (issue 51, F5 and F7).
@Suite struct RequestHeadGuardTests {
    func connected() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: RequestHeadGuard(wait: .seconds(20)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 7470)).wait()
        return channel
    }

    func head(
        _ uri: String, hosts: [String] = ["127.0.0.1:7470"], extra: [(String, String)] = []
    ) -> HTTPServerRequestPart {
        .head(
            HTTPRequestHead(
                version: .http1_1, method: .GET, uri: uri,
                headers: HTTPHeaders(hosts.map { ("Host", $0) } + extra)))
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheWait() throws {
        let channel = try connected()
        channel.embeddedEventLoop.advanceTime(by: .seconds(19))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
    }

    @Test func theWaitIsTheBrowsersOnlyUntilTheRequestIsWhole() throws {
        let channel = try connected()
        try channel.writeInbound(head("/api/clock"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        // noiseweb answering, however long it takes, is not the browser's wait.
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(21))
        #expect(!channel.isActive)
    }

    @Test func aSlowHeadOrBodyIsClosedToo() throws {
        let channel = try connected()
        try channel.writeInbound(head("/api/command"))
        try channel.writeInbound(HTTPServerRequestPart.body(ByteBuffer(string: "{")))
        channel.embeddedEventLoop.advanceTime(by: .seconds(21))
        #expect(!channel.isActive)
    }

    @Test func anAbsoluteTargetIsAnsweredWith400AndClosed() throws {
        let channel = try connected()
        try channel.writeInbound(head("http://evil.example/api/clock"))
        #expect(try channel.readInbound(as: HTTPServerRequestPart.self) == nil)
        guard case .head(let answer)? = try channel.readOutbound(as: HTTPServerResponsePart.self) else {
            Issue.record("no answer")
            return
        }
        #expect(answer.status == .badRequest && answer.headers["Connection"] == ["close"])
        guard case .body(.byteBuffer(let body))? = try channel.readOutbound(as: HTTPServerResponsePart.self) else {
            Issue.record("no body")
            return
        }
        #expect(String(buffer: body).contains("\"code\":\"bad_request_target\""))
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test func aSecondHostIsRefusedAndNothingReachesTheRouter() throws {
        let channel = try connected()
        try channel.writeInbound(head("/api/clock", hosts: ["127.0.0.1:7470", "evil.example"]))
        #expect(try channel.readInbound(as: HTTPServerRequestPart.self) == nil)
        guard case .head(let answer)? = try channel.readOutbound(as: HTTPServerResponsePart.self) else {
            Issue.record("no answer")
            return
        }
        #expect(answer.status == .badRequest)
    }

    @Test func aWebSocketUpgradeLeavesTheGuardBehind() throws {
        let channel = try connected()
        try channel.writeInbound(head("/ws?key=x", extra: [("Upgrade", "websocket"), ("Connection", "Upgrade")]))
        #expect(try channel.readInbound(as: HTTPServerRequestPart.self) != nil)
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: RequestHeadGuard.self) }
        channel.embeddedEventLoop.advanceTime(by: .seconds(3600))
        #expect(channel.isActive)
    }
}

/// The connection limits fit the files the process may open (issue 51, F7: at EMFILE, NIO polls accept for ever).
@Suite struct ConnectionLimitTests {
    @Test func theLimitsFitTheFilesThatMayBeOpen() {
        let plenty = WebConnections.fitting(fileLimit: 4096, listeners: 2)
        #expect(
            plenty.maxTotal == WebLimits.maxWebConnections
                && plenty.maxPerAddress == WebLimits.maxWebConnectionsPerAddress)
        let few = WebConnections.fitting(fileLimit: 64, listeners: 1)
        #expect(few.maxTotal == 64 - WebLimits.webReservedFiles - 1 && few.maxPerAddress == few.maxTotal)
        let two = WebConnections.fitting(fileLimit: 160, listeners: 2)
        #expect(two.maxTotal * 2 + WebLimits.webReservedFiles < 160)
        #expect(WebConnections.fitting(fileLimit: 10, listeners: 1).maxTotal == 1)
    }
}
