import NIOCore
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseWire
import Synchronization

/// One connection's conversation, shared by the `DaemonClient` that sends and the task that reads: the requests
/// waiting for their replies, in the order they were sent (the daemon answers in that order, and each reply names
/// its request's id), the events' stream, and the lines to write. Whoever takes a waiter out of `state` resumes it,
/// exactly once.
final class Conversation: Sendable {
    /// How a waiting request reads a line: as its reply (straight into its type) or as an event.
    struct Waiter: Sendable {
        let read: @Sendable ([UInt8]) -> Reading
        let fail: @Sendable (ClientFailure) -> Void
    }

    enum Reading {
        case event(ReceivedEvent)
        /// A reply to request `id`; `deliver` hands it to the request that read it.
        case reply(RequestID, deliver: @Sendable () -> Void)
        /// A reply of the wrong shape for the request that read it (its failure), or a line that is not the
        /// protocol's at all (unreachable: the conversation ends).
        case unreadable(ClientFailure, deliver: @Sendable () -> Void)
    }

    private struct State {
        var nextID: Int64 = 1
        /// The requests sent and not yet answered, oldest first; an abandoned one (its task cancelled) stays in the
        /// order with no waiter, so the replies after it still find theirs.
        var order: [Int64] = []
        var waiters: [Int64: Waiter] = [:]
        /// Why the conversation is over; new requests fail at once with it.
        var ended: ClientFailure?
        var greeter: CheckedContinuation<Result<Hello, ClientFailure>, Never>?
    }

    private let state = Mutex(State())
    let events: DaemonEvents
    private let eventSink: AsyncThrowingStream<ReceivedEvent, any Error>.Continuation
    private let lines: AsyncStream<ByteBuffer>
    private let lineSink: AsyncStream<ByteBuffer>.Continuation
    let path: String

    init(path: String) {
        self.path = path
        // The daemon's own bound on a subscriber's queue: a reader that falls that far behind loses its events.
        let (stream, sink) = AsyncThrowingStream<ReceivedEvent, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(Limits.maxQueuedEvents))
        events = DaemonEvents(stream: stream)
        eventSink = sink
        (lines, lineSink) = AsyncStream<ByteBuffer>.makeStream()
    }

    /// Registers a request and queues its line, in one step so the order of `order` is the order on the wire.
    func send(
        _ makeLine: (Int64) throws(ClientFailure) -> [UInt8], waiter: (Int64) -> Waiter
    ) throws(ClientFailure) -> Int64 {
        try state.withLock { state throws(ClientFailure) -> Int64 in
            if let ended = state.ended { throw ended }
            let id = state.nextID
            let line = try makeLine(id)
            state.nextID += 1
            state.order.append(id)
            state.waiters[id] = waiter(id)
            lineSink.yield(ByteBuffer(bytes: line))
            return id
        }
    }

    /// A request's task was cancelled: its waiter is failed now, its reply will be read and dropped.
    func abandon(_ id: Int64) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.fail(ClientFailure.failed("the request was cancelled"))
    }

    /// The first line: the hello, or the refusal that comes in its place.
    func awaitGreeting(_ start: () -> Void) async -> Result<Hello, ClientFailure> {
        await withCheckedContinuation { continuation in
            state.withLock { $0.greeter = continuation }
            start()
        }
    }

    // MARK: The connection's task

    /// Writes the queued lines and reads the daemon's, until either side closes.
    func run(_ channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async {
        let lines = self.lines
        do {
            try await channel.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await line in lines { try await outbound.write(line) }
                    }
                    defer { group.cancelAll() }
                    // No limit on the daemon's lines: a reply may be megabytes (a diary's page).
                    var framer = LineFramer(maxLength: .max)
                    for try await bytes in inbound {
                        framer.append(bytes)
                        while case .line(let line) = framer.next() {
                            guard receive(Array(line.readableBytesView)) else { return }
                        }
                    }
                }
            }
        } catch {
            // The connection failed (reset, or closed under a read): the daemon is gone, as when it closes.
        }
        end(waiters: .closed, events: .closed)
    }

    /// Hands one line on; false when the conversation cannot go on (the line is not the protocol's).
    private func receive(_ line: [UInt8]) -> Bool {
        if let greeter = state.withLock({ state in
            defer { state.greeter = nil }; return state.greeter
        }) {
            let greeting = Result { () throws(ClientFailure) -> Hello in try Handshake.greeting(line, path: path) }
            greeter.resume(returning: greeting)
            return (try? greeting.get()) != nil
        }
        let head = state.withLock { state in state.order.first.map { ($0, state.waiters[$0]) } }
        switch head?.1?.read(line) ?? Self.passOver(line) {
        case .event(let event):
            if case .dropped = eventSink.yield(event) {
                eventSink.finish(
                    throwing: ClientFailure.failed(
                        "the events were not read: \(Limits.maxQueuedEvents) waited; subscribe again on a new connection"
                    ))
            }
        case .reply(let id, let deliver):
            // The daemon answers in order, so this is the oldest request's reply; its id says so (null: the
            // daemon could not read the line, and says so in its turn).
            if let head, id == .int(head.0) || id == .none {
                if take(head.0) != nil { deliver() }
            } else if case .int(let other) = id, let waiter = take(other) {
                // Not in order (not noised's way): read again for the request it names.
                if case .reply(_, let deliverOther) = waiter.read(line) {
                    deliverOther()
                } else {
                    waiter.fail(.failed("unexpected reply from the daemon"))
                }
            }
        case .unreadable(let failure, let deliver):
            guard !failure.isUnreachable else {
                end(waiters: failure, events: failure)
                return false
            }
            if let head, take(head.0) != nil { deliver() }
        }
        return true
    }

    /// Takes request `id` out of the order and its waiter out (nil when abandoned or already answered).
    private func take(_ id: Int64) -> Waiter? {
        state.withLock { state in
            if let index = state.order.firstIndex(of: id) { state.order.remove(at: index) }
            return state.waiters.removeValue(forKey: id)
        }
    }

    /// A line read with no request waiting for it (or only an abandoned one): an event, or a reply dropped.
    private static func passOver(_ line: [UInt8]) -> Reading {
        do {
            switch try ClientLine<Skipped, SkippedEvent>.read(line) {
            case .event(let event): return .event(ReceivedEvent(name: event.name, line: line))
            case .reply(let id, _): return .reply(id, deliver: {})
            }
        } catch {
            return .unreadable(error, deliver: {})
        }
    }

    /// Ends the conversation: every waiting request fails with `waiters`, the events end (with `events`, nil for
    /// a clean end) and nothing more is written.
    func end(waiters failure: ClientFailure, events eventFailure: ClientFailure?) {
        let (waiters, greeter) = state.withLock { state in
            if state.ended == nil { state.ended = failure }
            defer { state.waiters = [:]; state.order = []; state.greeter = nil }
            return (Array(state.waiters.values), state.greeter)
        }
        greeter?.resume(returning: .failure(failure))
        for waiter in waiters { waiter.fail(failure) }
        if let eventFailure { eventSink.finish(throwing: eventFailure) } else { eventSink.finish() }
        lineSink.finish()
    }
}
