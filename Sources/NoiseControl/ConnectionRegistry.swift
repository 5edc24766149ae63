import NIOCore
import NoiseCore
import Synchronization

/// The open control connections and the limits they share: how many may be open, how many may subscribe, and how
/// many reply bytes the daemon holds for clients that do not read. At a limit somebody gives way, chosen so that a
/// leaked loop holding hundreds of connections can never lock the owner out of `dismiss`:
///
/// - **a new connection over `ControlLimits.maxConnections`** takes the place of an idle one (no request being answered,
///   no reply waiting to be read; a subscriber counts as idle), which is told why and closed; only when every
///   connection is busy is the new one refused with `too_many_clients`;
/// - **a subscription over `ControlLimits.maxSubscribers`** takes the place of another subscriber;
/// - **reply bytes queued over `ControlLimits.maxQueuedReplyBytes`** across all connections: the connection holding the
///   most is closed (it is the slowest reader).
///
/// Who gives way: a connection of the process holding the most connections (a leaked loop, not a status bar's one),
/// and among those the one whose last request is oldest. Safe from any thread (the sockets' event loop, the
/// conversations' tasks).
final class ConnectionRegistry: Sendable {
    /// Why a connection is closed to make room, sent to it as a `disconnected` event.
    enum Eviction: String, Sendable {
        case connectionLimit = "connection_limit"
        case subscriberLimit = "subscriber_limit"
    }

    /// What admitting a connection did.
    enum Admission {
        case admitted(id: UInt64, evicted: (any Channel)?)
        /// Every connection is busy: the new one is refused.
        case full
    }

    private struct Entry {
        let channel: any Channel
        let pid: Int32
        var lastRequest: UInt64
        var requestsInFlight = 0
        var subscribed = false
        var queuedBytes = 0

        var isIdle: Bool { requestsInFlight == 0 && (subscribed || queuedBytes == 0) }
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 1
        /// Orders requests: a counter, not a clock, so tests need none.
        var tick: UInt64 = 0
        var queuedBytes = 0

        /// Takes `id` out with the bytes it held; its channel, to close.
        mutating func remove(_ id: UInt64) -> (any Channel)? {
            guard let entry = entries.removeValue(forKey: id) else { return nil }
            queuedBytes -= entry.queuedBytes
            return entry.channel
        }
    }

    private let state = Mutex(State())
    private let maxConnections: Int
    private let maxSubscribers: Int
    private let maxQueuedBytes: Int

    init(
        maxConnections: Int = ControlLimits.maxConnections, maxSubscribers: Int = ControlLimits.maxSubscribers,
        maxQueuedBytes: Int = ControlLimits.maxQueuedReplyBytes
    ) {
        self.maxConnections = maxConnections
        self.maxSubscribers = maxSubscribers
        self.maxQueuedBytes = maxQueuedBytes
    }

    var count: Int { state.withLock { $0.entries.count } }
    var subscribers: Int { state.withLock { $0.entries.values.count(where: \.subscribed) } }
    var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// Counts `channel` in (its peer is `pid`); at the limit an idle connection is taken out to make room: the
    /// caller tells it why and closes it.
    func admit(_ channel: any Channel, pid: Int32) -> Admission {
        state.withLock { state in
            var evicted: (any Channel)?
            if state.entries.count >= maxConnections {
                guard let victim = Self.victim(in: state.entries, where: \.isIdle) else { return .full }
                evicted = state.remove(victim)
            }
            state.tick += 1
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(channel: channel, pid: pid, lastRequest: state.tick)
            return .admitted(id: id, evicted: evicted)
        }
    }

    /// The connection closed (or was evicted: then this does nothing).
    func leave(_ id: UInt64) {
        state.withLock { _ = $0.remove(id) }
    }

    func requestStarted(_ id: UInt64) {
        state.withLock { state in
            state.tick += 1
            let tick = state.tick
            state.entries[id]?.requestsInFlight += 1
            state.entries[id]?.lastRequest = tick
        }
    }

    func requestEnded(_ id: UInt64) {
        state.withLock { $0.entries[id]?.requestsInFlight -= 1 }
    }

    /// `id` subscribes; over the limit another subscriber is taken out to make room (the caller tells it why and
    /// closes it).
    func subscribe(_ id: UInt64) -> (any Channel)? {
        state.withLock { state in
            guard state.entries[id]?.subscribed == false else { return nil }
            var evicted: (any Channel)?
            if state.entries.values.count(where: \.subscribed) >= maxSubscribers,
                let victim = Self.victim(in: state.entries, where: { $0.subscribed })
            {
                evicted = state.remove(victim)
            }
            state.entries[id]?.subscribed = true
            return evicted
        }
    }

    /// `bytes` more (or, negative, fewer) wait to be read by `id`'s client. Over the daemon's budget, the connection
    /// holding the most is returned, to be closed; it no longer counts.
    func queued(_ bytes: Int, by id: UInt64) -> (any Channel)? {
        state.withLock { state in
            guard state.entries[id] != nil else { return nil }
            state.entries[id]!.queuedBytes += bytes
            state.queuedBytes += bytes
            guard bytes > 0, state.queuedBytes > maxQueuedBytes,
                let slowest = state.entries.max(by: { $0.value.queuedBytes < $1.value.queuedBytes })?.key
            else { return nil }
            return state.remove(slowest)
        }
    }

    /// Among the entries that `eligible` allows: one of the process holding the most connections, the one whose
    /// last request is oldest.
    private static func victim(in entries: [UInt64: Entry], where eligible: (Entry) -> Bool) -> UInt64? {
        var perProcess: [Int32: Int] = [:]
        for entry in entries.values { perProcess[entry.pid, default: 0] += 1 }
        return entries.filter { eligible($0.value) }.min { a, b in
            let (countA, countB) = (perProcess[a.value.pid]!, perProcess[b.value.pid]!)
            return countA != countB ? countA > countB : a.value.lastRequest < b.value.lastRequest
        }?.key
    }
}
