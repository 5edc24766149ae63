import CSystemd
import Glibc
import NoiseProtocol

/// The bus thread's state and loop: both connections, the MPRIS object, the notifications shown, the logind
/// inhibitors and the desktop's own. Everything here runs on that one thread (`DesktopBus` hands it jobs).
final class BusLoop {
    let options: DesktopBus.Options
    let addresses: BusAddresses
    /// Whose session bus is joined and whose calls and signals are acted on.
    let trust: BusTrust
    let onEvent: @Sendable (DesktopBusEvent) -> Void
    private let onStatus: (DesktopStatus) -> Void
    var status = DesktopStatus() {
        didSet { if status != oldValue { onStatus(status) } }
    }

    var connections: [BusKind: BusConnection] = [:]
    private let watch = SocketWatch()
    /// A bus whose socket is there but refused us (its daemon starting or gone): tried again each second, a few
    /// times, then left to the socket watch.
    private var retries: [BusKind: (at: UInt64, left: Int)] = [:]
    /// Why the last session bus found was not joined (another user's): kept as the status's problem, through
    /// failed tries in between, until a bus of ours is joined, so the log says it once.
    private var sessionRefusal: String?

    // MPRIS
    var mpris: MPRISServer?
    var player = MPRISPlayer.stopped
    /// MPRIS calls being carried out, kept (referenced) until answered.
    var calls: [UInt64: OpaquePointer] = [:]
    var nextCall: UInt64 = 1

    // Notifications, by the alarm they are about
    var shown: [Int64: UInt32] = [:]
    var awaitingID: Set<Int64> = []
    var closeWhenShown: Set<Int64> = []

    // logind
    var wantedBlock: String?
    var block: (descriptor: Int32, why: String)?
    var blockInFlight = false
    var delay: Int32?

    // The desktop's inhibitor (session bus), wanted with logind's block
    var inhibition = DesktopInhibition()

    init(
        options: DesktopBus.Options, addresses: BusAddresses, trust: BusTrust,
        onEvent: @escaping @Sendable (DesktopBusEvent) -> Void, onStatus: @escaping (DesktopStatus) -> Void
    ) {
        self.options = options
        self.addresses = addresses
        self.trust = trust
        self.onEvent = onEvent
        self.onStatus = onStatus
    }

    func run(wake: Int32, takeJobs: () -> ([DesktopBus.Job], Bool)) {
        for kind in BusKind.allCases { connect(kind) }
        onStatus(status)
        while true {
            let kinds = Array(connections.keys)
            var descriptors = [
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            descriptors += kinds.map {
                pollfd(fd: connections[$0]!.descriptor, events: connections[$0]!.events, revents: 0)
            }
            let timeout = pollTimeout(kinds)
            if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 && errno != EINTR { break }
            if descriptors[0].revents != 0 {
                var count: UInt64 = 0
                _ = read(wake, &count, 8)
            }
            let (jobs, stopping) = takeJobs()
            for job in jobs { job(self) }
            if stopping { break }
            if descriptors[1].revents != 0 {
                for kind in watch.appeared() where connections[kind] == nil { connect(kind) }
            }
            // Every connection, a new one too: sd-bus may have queued what arrived during its set-up's calls.
            for kind in BusKind.allCases {
                guard let connection = connections[kind] else { continue }
                do { try connection.process() } catch { lose(kind, because: "\(error)") }
            }
            let now = Self.monotonicMicros()
            for (kind, retry) in retries where retry.at <= now && connections[kind] == nil { connect(kind) }
        }
        shutDown()
    }

    /// Milliseconds until sd-bus next needs to run (a call timing out), -1 for none.
    private func pollTimeout(_ kinds: [BusKind]) -> Int32 {
        let deadlines = kinds.compactMap { connections[$0]?.timeout } + retries.values.map(\.at)
        guard let next = deadlines.min() else { return -1 }
        let now = Self.monotonicMicros()
        return next <= now ? 0 : Int32(min((next - now + 999) / 1000, UInt64(Int32.max)))
    }

    static func monotonicMicros() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
    }

    // MARK: Connections

    private func connect(_ kind: BusKind) {
        let connection: BusConnection
        do {
            connection = try BusConnection(kind: kind)
        } catch {
            unavailable(kind, kind == .session ? sessionRefusal ?? "\(error)" : "\(error)")
            let left = retries[kind]?.left ?? 10
            if case .success(let path) = addresses.sockets[kind]!, access(path, F_OK) == 0, left > 0 {
                retries[kind] = (Self.monotonicMicros() + 1_000_000, left - 1)
            } else {
                retries[kind] = nil
            }
            return
        }
        retries[kind] = nil
        if kind == .session, let refusal = refusal(of: connection) {
            // Not retried on a timer: only a new socket at the path (the socket watch) can be a bus of ours.
            connection.closeUnjoined()
            sessionRefusal = refusal
            unavailable(kind, refusal)
            return
        }
        connections[kind] = connection
        switch kind {
        case .session:
            sessionRefusal = nil
            var changed = status
            (changed.sessionBus, changed.sessionBusProblem) = (true, nil)
            status = changed
            setUpSession(connection)
        case .system:
            var changed = status
            (changed.systemBus, changed.systemBusProblem) = (true, nil)
            status = changed
            setUpSystem(connection)
        }
    }

    /// Why the session bus `connection` reached is not to be joined, nil when its server runs as us.
    private func refusal(of connection: BusConnection) -> String? {
        let path = try? addresses.sockets[.session]!.get()
        return trust.refusal(ofBusAt: path, server: connection.serverUID)
    }

    /// Whether `message` comes from a sender whose uid is ours: asked of every call and signal that acts.
    func isOurs(_ message: BusMessage) -> Bool { trust.accepts(sender: message.senderUID) }

    /// The bus cannot be reached: say why, and connect when its socket appears.
    private func unavailable(_ kind: BusKind, _ reason: String) {
        var reason = reason
        switch addresses.sockets[kind]! {
        case .success(let path):
            if let problem = watch.watch(path, for: kind) { reason += "; \(problem)" }
        case .failure(let problem):
            reason = problem.description
        }
        // One change of the status, so its watchers see the bus gone and why together.
        var changed = status
        switch kind {
        case .session:
            changed.sessionBus = false
            changed.sessionBusProblem = reason
            changed.mpris = nil
            changed.notifications = false
            changed.desktopInhibitor = nil
        case .system:
            changed.systemBus = false
            changed.systemBusProblem = reason
            changed.resumeWatch = false
            changed.sleepInhibitorHeld = false
            changed.sleepInhibitorWhy = nil
        }
        status = changed
    }

    /// A connection was lost: what depended on it goes with it.
    private func lose(_ kind: BusKind, because reason: String) {
        switch kind {
        case .session:
            mpris = nil
            for call in calls.values { sd_bus_message_unref(call) }
            calls = [:]
            shown = [:]
            awaitingID = []
            closeWhenShown = []
            inhibition.lost()
        case .system:
            if let block { close(block.descriptor) }
            if let delay { close(delay) }
            block = nil
            delay = nil
            blockInFlight = false
        }
        connections[kind] = nil
        unavailable(kind, "lost the \(kind) bus: \(reason)")
    }

    private func shutDown() {
        for call in calls.values {
            _ = csystemd_reply_error(call, "org.freedesktop.DBus.Error.NoReply", "noised is stopping")
            sd_bus_message_unref(call)
        }
        calls = [:]
        for alarmID in Array(shown.keys) { closeNotification(alarmID: alarmID) }
        // Sent as the connection closes (it is flushed); a service drops a caller's inhibitors when it leaves anyway.
        perform(inhibition.want(nil))
        if let block { close(block.descriptor) }
        if let delay { close(delay) }
        mpris = nil
        connections = [:]
    }
}
