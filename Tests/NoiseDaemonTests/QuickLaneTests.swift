import Glibc
import Logging
import NIOCore
import NoiseCore
import Synchronization
import Testing
@testable import NoiseDaemon

/// The quick lane on a real Unix socket, with blocking clients; its clock is the test's.
@Suite("quick lane", .timeLimit(.minutes(1)))
final class QuickLaneTests {
    private let path: String
    private let counter = ConnectionCounter()
    private let clock = Milliseconds()
    private let handOvers: AsyncStream<(Int32, HandOver)>
    private var lane: QuickLane?

    init() throws {
        var template = Array("/tmp/quick-lane-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        path = folder + "/n.sock"
        let listener = try SocketSetup.listen(path: path)
        let clock = self.clock
        let (handOvers, handedOver) = AsyncStream<(Int32, HandOver)>.makeStream()
        self.handOvers = handOvers
        lane = try QuickLane.start(
            listener: listener,
            answer: { line, reply in
                guard String(decoding: line, as: UTF8.self) == "ping" else { return false }
                reply.writeString("pong")
                return true
            },
            counter: counter, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            settings: .init(idleTimeoutMilliseconds: 300_000, now: { clock.value.load(ordering: .relaxed) }),
            handOver: { descriptor, handOver in handedOver.yield((descriptor, handOver)) })
    }

    deinit {
        lane?.stop()
        unlink(path)
        rmdir(String(path.dropLast("/n.sock".count)))
    }

    /// A blocking client that gives up on a read after five seconds (a failing test, not a hung one).
    struct Client {
        let descriptor: Int32

        init(_ path: String) throws {
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard connected == 0 else { throw Errno(errno) }
        }

        func send(_ text: String) { _ = Glibc.send(descriptor, text, text.utf8.count, Int32(MSG_NOSIGNAL)) }

        /// Reads until `lines` newlines have come, or the end of the stream (then "EOF" is the last element).
        func receive(lines: Int = 1) -> [String] {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while bytes.filter({ $0 == UInt8(ascii: "\n") }).count < lines {
                guard read(descriptor, &byte, 1) == 1 else { return text(bytes) + ["EOF"] }
                bytes.append(byte)
            }
            return text(bytes)
        }

        private func text(_ bytes: [UInt8]) -> [String] {
            String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }

        func close() { _ = Glibc.close(descriptor) }
    }

    /// The lane's clock, moved by the test.
    final class Milliseconds: Sendable {
        let value = Atomic<Int64>(0)
    }

    struct Errno: Error { let code: Int32; init(_ code: Int32) { self.code = code } }

    private func connected() throws -> Client {
        let client = try Client(path)
        #expect(client.receive().first?.contains("\"event\":\"hello\"") == true)
        return client
    }

    /// The next connection the lane hands over (its thread does so after the client's write).
    private func nextHandOver() async throws -> (Int32, HandOver) {
        var handOvers = self.handOvers.makeAsyncIterator()
        guard let next = await handOvers.next() else { throw Errno(EPIPE) }
        return next
    }

    @Test func greetsAndAnswersQuickLinesIncludingOnesSplitAcrossWrites() throws {
        let client = try connected()
        client.send("ping\r\nping\npi")
        #expect(client.receive(lines: 2) == ["pong", "pong"])
        client.send("ng\n")
        #expect(client.receive() == ["pong"])
    }

    /// noisectl sends its request without waiting for the greeting; the greeting still comes first.
    @Test func aRequestSentBeforeTheGreetingIsAnsweredAfterIt() throws {
        let client = try Client(path)
        client.send("ping\n")
        let lines = client.receive(lines: 2)
        #expect(lines.count == 2 && lines[0].contains("\"event\":\"hello\"") && lines[1] == "pong")
    }

    @Test func theFirstLineItCannotAnswerHandsTheConnectionOverWithWhatCameAfter() async throws {
        let client = try connected()
        client.send("ping\n{\"cmd\":\"play\"}\nping\n{\"cmd\"")
        let (descriptor, handOver) = try await nextHandOver()
        // The reply to the first ping was not written: it goes out first, from the connection's new owner.
        #expect(String(decoding: handOver.unsent, as: UTF8.self) == "pong\n")
        #expect(String(decoding: handOver.unread, as: UTF8.self) == "{\"cmd\":\"play\"}\nping\n{\"cmd\"")
        // It is the client's own connection.
        _ = Glibc.send(descriptor, "handed\n", 7, Int32(MSG_NOSIGNAL))
        #expect(client.receive() == ["handed"])
        close(descriptor)
    }

    @Test func aLastLineWithoutItsNewlineIsHandedOverAtTheEndOfTheStream() async throws {
        let client = try connected()
        client.send("ping")
        shutdown(client.descriptor, Int32(SHUT_WR))
        let (descriptor, handOver) = try await nextHandOver()
        close(descriptor)
        #expect(handOver.unsent.isEmpty && String(decoding: handOver.unread, as: UTF8.self) == "ping")
    }

    @Test func overTheConnectionLimitTheClientIsToldWhyAndClosedOut() throws {
        for _ in 0..<Limits.maxConnections { _ = counter.enter() }
        let refused = try Client(path)
        let lines = refused.receive(lines: 2)
        #expect(lines.count == 2 && lines[0].contains("\"code\":\"too_many_clients\"") && lines[1] == "EOF")
        // Its place was given back: with one place freed, the next is admitted.
        counter.leave()
        _ = try connected()
    }

    @Test func aClosedConnectionGivesItsPlaceBack() throws {
        for _ in 1..<Limits.maxConnections { _ = counter.enter() }
        let client = try connected()
        client.close()
        // The lane has seen the close once another connection is greeted after it (one thread, in order).
        var admitted: Client?
        for _ in 0..<100 where admitted == nil {
            let next = try Client(path)
            if next.receive().first?.contains("hello") == true { admitted = next } else { next.close() }
        }
        #expect(admitted != nil)
    }

    @Test func aSilentConnectionIsClosedAfterTheIdleTimeoutCountedFromItsLastRead() throws {
        let silent = try connected()
        let busy = try connected()
        clock.value.store(200_000, ordering: .relaxed)
        silent.send("ping\n")
        #expect(silent.receive() == ["pong"])
        // Every wake-up of the lane looks at the time; the busy client's requests wake it.
        clock.value.store(499_999, ordering: .relaxed)
        busy.send("ping\n")
        #expect(busy.receive() == ["pong"])
        clock.value.store(500_000, ordering: .relaxed)
        busy.send("ping\n")
        #expect(busy.receive() == ["pong"])
        #expect(silent.receive() == ["EOF"])
        // The busy one was last heard at 500_000, within the timeout.
        clock.value.store(799_999, ordering: .relaxed)
        let third = try connected()
        third.send("ping\n")
        #expect(third.receive() == ["pong"])
        busy.send("ping\n")
        #expect(busy.receive() == ["pong"])
    }

    @Test func stoppingClosesTheSocketAndItsConnections() async throws {
        let client = try connected()
        lane?.stop()
        await lane?.stopped()
        #expect(client.receive() == ["EOF"])
        #expect(throws: Errno.self) { try Client(path) }
    }
}
