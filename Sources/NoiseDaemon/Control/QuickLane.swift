import CLinux
import Glibc
import Logging
import NIOCore
import NoiseAudio
import NoiseCore
import NoiseSystem

/// What a connection takes to its NIO channel when the quick lane hands it over.
struct HandOver: Sendable {
    /// Replies the lane made that the socket has not taken yet; the channel writes them first.
    var unsent: [UInt8] = []
    /// Bytes read and not answered: the line that needs the full path and whatever came after it.
    var unread: [UInt8] = []
}

/// The control socket's own event loop, on a thread of its own. It accepts every connection, admits it (the
/// connection limit, `SO_PEERCRED`), greets it, and answers `ping` and `status` itself (`QuickLines`), with a read
/// and a write per request and nothing else in between. The first line it cannot answer (any other command, a line
/// too long) hands the connection to SwiftNIO, with what was read and not answered (`HandOver`): the request handler,
/// the actors, events, back-pressure and the rest of the connection's life are NIO's (`ControlConnectionHandler`,
/// `ControlServer`). So is a connection whose client stops reading its replies (the socket no longer takes one).
///
/// Why not NIO for the lot: NIO's channel pipeline, promises and pending-write queue cost about 1.5 µs a request
/// on this path, which is most of what a status bar's poll costs the daemon, and more than MPD's whole reply
/// (docs/performance.md, row 2). The lane holds only what a quick reply needs: no task, no promise, no lock but
/// the status board's.
final class QuickLane: Sendable {
    struct Settings: Sendable {
        var idleTimeoutMilliseconds = Limits.idleConnectionSeconds * 1000
        /// Milliseconds of a monotonic clock. A coarse one does: it decides only idle timeouts of minutes.
        var now: @Sendable () -> Int64 = QuickLane.coarseMilliseconds
    }

    /// Called on the lane's thread with a connection the lane no longer serves; from then on it owns the descriptor
    /// and the connection's place in the count.
    typealias HandOverAction = @Sendable (_ descriptor: Int32, _ handOver: HandOver) -> Void
    /// Appends the quick reply to a line and returns true, or returns false (`QuickReplies.reply`).
    typealias Answer = @Sendable (UnsafeBufferPointer<UInt8>, inout ByteBuffer) -> Bool

    private let wakeDescriptor: Int32
    private let exited: AsyncStream<Void>

    /// Starts serving `listener` (a listening Unix socket; the lane closes it when it stops).
    static func start(listener: Int32, answer: @escaping Answer, counter: ConnectionCounter, logger: Logger,
                      settings: Settings = Settings(), handOver: @escaping HandOverAction) throws(StartupError) -> QuickLane {
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else { throw StartupError("cannot create the control socket's eventfd: \(String(cString: strerror(errno)))") }
        let (exited, finish) = AsyncStream<Void>.makeStream()
        let loop: QuickLaneLoop.Parts
        do {
            loop = try QuickLaneLoop.Parts(listener: listener, wake: wake, answer: answer, counter: counter, logger: logger,
                                           settings: settings, handOver: handOver)
        } catch {
            close(wake)
            throw error
        }
        OSThread.start(name: "noised-control") {
            QuickLaneLoop(loop).run()
            finish.finish()
        }
        return QuickLane(wakeDescriptor: wake, exited: exited)
    }

    private init(wakeDescriptor: Int32, exited: AsyncStream<Void>) {
        self.wakeDescriptor = wakeDescriptor
        self.exited = exited
    }

    deinit { close(wakeDescriptor) }

    /// Stops accepting and closes the connections the lane still serves (they have nothing in flight: a quick
    /// reply is written before the next request is read). Returns at once; `stopped()` waits for it.
    func stop() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    func stopped() async {
        for await _ in exited {}
    }

    static func coarseMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}

/// The lane's state, owned by its thread.
private final class QuickLaneLoop {
    /// What the thread is started with (descriptors and settings, all Sendable).
    struct Parts: Sendable {
        let epoll: Int32
        let listener: Int32
        let wake: Int32
        let answer: QuickLane.Answer
        let counter: ConnectionCounter
        let logger: Logger
        let settings: QuickLane.Settings
        let handOver: QuickLane.HandOverAction

        init(listener: Int32, wake: Int32, answer: @escaping QuickLane.Answer, counter: ConnectionCounter, logger: Logger,
             settings: QuickLane.Settings, handOver: @escaping QuickLane.HandOverAction) throws(StartupError) {
            let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard epoll >= 0 else { throw StartupError("cannot create an epoll instance: \(String(cString: strerror(errno)))") }
            guard fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK) == 0,
                  clinux_epoll_control(epoll, EPOLL_CTL_ADD, listener, clinux_epoll_in, QuickLaneLoop.listenerToken) == 0,
                  clinux_epoll_control(epoll, EPOLL_CTL_ADD, wake, clinux_epoll_in, QuickLaneLoop.wakeToken) == 0
            else {
                let reason = String(cString: strerror(errno))
                close(epoll)
                throw StartupError("cannot watch the control socket: \(reason)")
            }
            (self.epoll, self.listener, self.wake) = (epoll, listener, wake)
            (self.answer, self.counter, self.logger, self.settings, self.handOver) = (answer, counter, logger, settings, handOver)
        }
    }

    private struct Connection {
        let descriptor: Int32
        var lastHeard: Int64
        /// The start of a line whose end has not come yet (usually empty).
        var partial: [UInt8] = []
    }

    /// Read once: the daemon's user never changes, and each connection would otherwise cost a syscall.
    private static let daemonUID = getuid()
    static let listenerToken = UInt64.max
    static let wakeToken = UInt64.max - 1
    private static let readyCapacity = 64

    private let parts: Parts
    private var idle: IdleSweep
    /// Indexed by the token epoll reports for the connection.
    private var connections: [Connection?] = []
    private var freeSlots: [Int] = []
    /// Slots given up while a batch of epoll's events is served: reused only after it, so that an event still
    /// in the batch cannot reach a connection accepted into its slot meanwhile.
    private var slotsFreedThisBatch: [Int] = []
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Limits.quickLaneReadBytes, alignment: 8)
    private let ready = UnsafeMutablePointer<UInt64>.allocate(capacity: readyCapacity)
    /// The replies to one read, written to the socket at once.
    private var replies = ByteBuffer()
    private var now: Int64
    private var acceptPausedUntil = Int64.max
    private var refusals = WarningThrottle()

    init(_ parts: Parts) {
        self.parts = parts
        idle = IdleSweep(timeoutMilliseconds: parts.settings.idleTimeoutMilliseconds)
        now = parts.settings.now()
    }

    deinit {
        readBuffer.deallocate()
        ready.deallocate()
    }

    func run() {
        var stopping = false
        while !stopping {
            let limit = idle.waitLimit(at: now, or: acceptPausedUntil)
            let count = Int(clinux_epoll_wait_tokens(parts.epoll, ready, Int32(Self.readyCapacity), limit))
            now = parts.settings.now()
            guard count >= 0 else {
                if errno == EINTR { continue }
                parts.logger.critical("the control socket's epoll_wait failed: \(String(cString: strerror(errno)))")
                break
            }
            for index in 0..<count {
                switch ready[index] {
                case Self.listenerToken: acceptOne()
                case Self.wakeToken: stopping = true
                case let slot: serve(Int(slot))
                }
            }
            freeSlots += slotsFreedThisBatch
            slotsFreedThisBatch.removeAll(keepingCapacity: true)
            if idle.isDue(at: now) { closeIdleConnections() }
            if now >= acceptPausedUntil { resumeAccepting() }
        }
        for slot in connections.indices { closeConnection(slot) }
        close(parts.listener)
        close(parts.epoll)
    }

    // MARK: Requests

    /// Reads what the connection sent and answers it.
    private func serve(_ slot: Int) {
        replies.clear()
        readAndAnswer(slot)
    }

    /// Reads what the connection sent and appends its replies to `replies` (which may hold the greeting already),
    /// then writes them all at once.
    private func readAndAnswer(_ slot: Int) {
        guard let connection = connections[slot] else { return }
        let base = readBuffer.baseAddress!
        let kept = connection.partial.count
        if kept > 0 { connection.partial.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: kept) } }
        let count = read(connection.descriptor, base + kept, readBuffer.count - kept)
        guard count > 0 else {
            if count < 0, errno == EAGAIN || errno == EINTR { return write(slot) }
            // The client is done sending (or the socket failed). A last line without its newline is still a
            // request, for the full path: NIO reads the same end of stream, then runs it.
            guard kept > 0, count == 0 else { return closeConnection(slot) }
            return handOver(slot, unsent: [], unread: connection.partial)
        }
        connections[slot]!.lastHeard = now
        let total = kept + count
        let outcome = QuickLines.answer(UnsafeRawBufferPointer(start: base, count: total), with: parts.answer, into: &replies)
        let rest = UnsafeRawBufferPointer(start: base + outcome.consumed, count: total - outcome.consumed)
        if outcome.needsConversation || (rest.count > 0 && total == readBuffer.count) {
            return handOver(slot, unsent: Array(replies.readableBytesView), unread: Array(rest))
        }
        if kept > 0 || rest.count > 0 { connections[slot]!.partial = Array(rest) }
        write(slot)
    }

    /// Writes `replies`; what the socket does not take goes to NIO with the connection.
    private func write(_ slot: Int) {
        guard replies.readableBytes > 0, let descriptor = connections[slot]?.descriptor else { return }
        let sent = replies.withUnsafeReadableBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent == replies.readableBytes { return }
        guard sent >= 0 || errno == EAGAIN || errno == EINTR else { return closeConnection(slot) }
        // The socket is full: the client is not reading. NIO's channel holds the rest and applies back-pressure.
        replies.moveReaderIndex(forwardBy: max(sent, 0))
        handOver(slot, unsent: Array(replies.readableBytesView), unread: connections[slot]!.partial)
    }

    private func handOver(_ slot: Int, unsent: [UInt8], unread: [UInt8]) {
        guard let descriptor = connections[slot]?.descriptor else { return }
        _ = clinux_epoll_control(parts.epoll, EPOLL_CTL_DEL, descriptor, 0, 0)
        release(slot)
        parts.handOver(descriptor, HandOver(unsent: unsent, unread: unread))
    }

    // MARK: Connections

    private func acceptOne() {
        // One accept a wake-up: epoll reports the listener again while more wait, and a lone client (the usual
        // case) does not pay for a second accept that finds none.
        let descriptor = clinux_accept_nonblocking(parts.listener)
        guard descriptor >= 0 else {
            switch errno {
            case EAGAIN, EINTR, ECONNABORTED: return
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: pauseAccepting(String(cString: strerror(errno)))
            default: parts.logger.warning("accepting a control connection failed: \(String(cString: strerror(errno)))")
            }
            return
        }
        guard parts.counter.enter() else {
            warnRefused("refused a connection: \(Limits.maxConnections) clients are connected already")
            return refuse(descriptor, ProtocolError(.tooManyClients,
                                                    "the daemon serves at most \(Limits.maxConnections) connections at once"))
        }
        let peer = PeerCredentials.of(descriptor)
        guard let peer, peer.isTrusted(by: Self.daemonUID) else {
            warnRefused("refused a connection from uid \(peer.map { String($0.uid) } ?? "unknown"), pid \(peer.map { String($0.pid) } ?? "?")")
            return refuse(descriptor, ProtocolError(.permissionDenied, "only uid \(getuid()) (and root) may control this daemon"))
        }
        guard let hello = Admission.hello else {
            parts.counter.leave()
            close(descriptor)
            return
        }
        let slot = freeSlots.popLast() ?? {
            connections.append(nil)
            return connections.count - 1
        }()
        guard clinux_epoll_control(parts.epoll, EPOLL_CTL_ADD, descriptor, clinux_epoll_in | clinux_epoll_rdhup, UInt64(slot)) == 0 else {
            parts.logger.warning("cannot watch a control connection: \(String(cString: strerror(errno)))")
            freeSlots.append(slot)
            parts.counter.leave()
            close(descriptor)
            return
        }
        connections[slot] = Connection(descriptor: descriptor, lastHeard: now)
        idle.watch(lastHeard: now)
        // A client that sends its first request without waiting for the greeting (noisectl does) usually has it
        // waiting by now: the greeting and the reply then go out in one write, and wake the client once.
        replies.clear()
        replies.writeBytes(hello)
        readAndAnswer(slot)
    }

    private func warnRefused(_ message: String) {
        if let text = refusals.pass(message, at: now) { parts.logger.warning("\(text)") }
    }

    /// Tells a connection why it is not served and closes it (it was counted in; this counts it out).
    private func refuse(_ descriptor: Int32, _ error: ProtocolError) {
        let line = Admission.refusal(error)
        _ = send(descriptor, line, line.count, Int32(MSG_NOSIGNAL))
        close(descriptor)
        parts.counter.leave()
    }

    private func closeConnection(_ slot: Int) {
        guard let descriptor = connections[slot]?.descriptor else { return }
        close(descriptor)
        parts.counter.leave()
        release(slot)
    }

    private func release(_ slot: Int) {
        connections[slot] = nil
        slotsFreedThisBatch.append(slot)
    }

    private func closeIdleConnections() {
        idle.begin()
        for slot in connections.indices {
            guard let lastHeard = connections[slot]?.lastHeard else { continue }
            if idle.hasExpired(lastHeard: lastHeard, at: now) {
                closeConnection(slot)
            } else {
                idle.watch(lastHeard: lastHeard)
            }
        }
    }

    private func pauseAccepting(_ reason: String) {
        parts.logger.warning("cannot accept control connections (\(reason)); trying again in \(Limits.acceptPauseMilliseconds) ms")
        _ = clinux_epoll_control(parts.epoll, EPOLL_CTL_MOD, parts.listener, 0, Self.listenerToken)
        acceptPausedUntil = now + Limits.acceptPauseMilliseconds
    }

    private func resumeAccepting() {
        _ = clinux_epoll_control(parts.epoll, EPOLL_CTL_MOD, parts.listener, clinux_epoll_in, Self.listenerToken)
        acceptPausedUntil = .max
    }
}

/// The greeting and the refusals a connection may get the moment it opens.
enum Admission {
    /// The greeting never changes while the daemon runs, so it is encoded once, not on every connection.
    static let hello: [UInt8]? = (try? Replies.event(EventName.hello, data: Hello())).map { $0 + [UInt8(ascii: "\n")] }

    static func refusal(_ error: ProtocolError) -> [UInt8] {
        Replies.failure(id: .none, error: error) + [UInt8(ascii: "\n")]
    }
}
