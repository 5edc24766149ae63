import CLinux
import Glibc
import NoiseProtocol
import NoiseSystem
import Synchronization

/// What noised does on D-Bus (docs/desktop.md): MPRIS, alarm notifications and the desktop's own inhibitor on the
/// session bus, logind's sleep inhibitors and its PrepareForSleep signal on the system bus. sd-bus objects are not
/// thread-safe, so both connections live on one dedicated thread (`BusLoop`), never Swift's pool; callers hand it
/// jobs without waiting, and it answers through `DesktopBusEvent`s and a status snapshot. A bus that is missing or
/// goes away is said in the status and connected again when its socket appears.
public final class DesktopBus: Sendable {
    public struct Options: Sendable {
        /// Serve MPRIS (`desktop.mpris`).
        public var mpris: Bool
        /// Show alarm notifications (`desktop.notifications`).
        public var notifications: Bool
        /// `DesktopEntry` and the notifications' `desktop-entry` hint: set when a `.desktop` file is installed.
        public var desktopEntry: String?
        public var mprisName: String

        public init(
            mpris: Bool = true, notifications: Bool = true, desktopEntry: String? = nil,
            mprisName: String = "org.mpris.MediaPlayer2.noiseclock"
        ) {
            self.mpris = mpris
            self.notifications = notifications
            self.desktopEntry = desktopEntry
            self.mprisName = mprisName
        }
    }

    typealias Job = @Sendable (BusLoop) -> Void

    private struct Inbox {
        var jobs: [Job] = []
        var stopping = false
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let inbox = Mutex(Inbox())
    private let wake: Int32
    private let published = Mutex(DesktopStatus())
    private let options: Options
    private let addresses: BusAddresses
    private let onEvent: @Sendable (DesktopBusEvent) -> Void
    private let onStatus: @Sendable (_ old: DesktopStatus, _ new: DesktopStatus) -> Void

    /// - Parameters:
    ///   - onEvent: called on the bus thread; must only hand the event on.
    ///   - onStatus: called on the bus thread when the status changes (to log it); must not block.
    public init(
        options: Options, environment: [String: String], onEvent: @escaping @Sendable (DesktopBusEvent) -> Void,
        onStatus: @escaping @Sendable (_ old: DesktopStatus, _ new: DesktopStatus) -> Void = { _, _ in }
    ) {
        self.options = options
        self.addresses = BusAddresses(environment: environment)
        self.onEvent = onEvent
        self.onStatus = onStatus
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { close(wake) }

    public var status: DesktopStatus { published.withLock { $0 } }

    public func start() {
        OSThread.start(name: "noised-dbus") { [self] in
            let loop = BusLoop(
                options: options, addresses: addresses, trust: BusTrust(uid: geteuid()),
                onEvent: onEvent,
                onStatus: { status in
                    let old = self.published.withLock { published in
                        defer { published = status }
                        return published
                    }
                    self.onStatus(old, status)
                })
            loop.run(wake: wake, takeJobs: { self.takeJobs() })
            let waiters = inbox.withLock { inbox in
                inbox.finished = true
                defer { inbox.waiters = [] }
                return inbox.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Releases the inhibitors, gives up the names and closes both connections; returns when the thread ends.
    public func stop() async {
        await withCheckedContinuation { continuation in
            let done = inbox.withLock { inbox -> Bool in
                if inbox.finished { return true }
                inbox.stopping = true
                inbox.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() } else { ring() }
        }
    }

    // MARK: Jobs for the bus thread

    /// What MPRIS shows now; its changes are signalled.
    public func update(_ player: MPRISPlayer) { send { $0.update(player) } }

    /// Answers an MPRIS call the daemon carried out: `error` fails it with that message.
    public func reply(call: UInt64, error: String?) { send { $0.reply(call: call, error: error) } }

    /// Shows `notification`; with an alarm id it is that alarm's, replaced by its next one, closed by
    /// `closeNotification(alarmID:)`, and its buttons come back as `notificationAction`.
    public func notify(_ notification: DesktopNotification, alarmID: Int64?) {
        send { $0.notify(notification, alarmID: alarmID) }
    }

    public func closeNotification(alarmID: Int64) { send { $0.closeNotification(alarmID: alarmID) } }

    /// Holds a logind inhibitor (sleep and idle, mode block) giving `why` and the desktop's own (suspend, on the
    /// session bus), or with nil releases both.
    public func blockSleep(why: String?) { send { $0.blockSleep(why: why) } }

    /// Releases the delay inhibitor taken so noised can get ready for sleep: it is ready.
    public func readyForSleep() { send { $0.readyForSleep() } }

    private func send(_ job: @escaping Job) {
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopping && !inbox.finished else { return false }
            inbox.jobs.append(job)
            return true
        }
        if accepted { ring() }
    }

    private func ring() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// The jobs waiting, and whether to stop.
    private func takeJobs() -> ([Job], Bool) {
        inbox.withLock { inbox in
            defer { inbox.jobs = [] }
            return (inbox.jobs, inbox.stopping)
        }
    }
}

/// What the bus thread tells the daemon.
public enum DesktopBusEvent: Sendable {
    /// An MPRIS method to carry out; answer with `reply(call:error:)`.
    case mpris(MPRISMethod, call: UInt64)
    /// MPRIS's Volume was set (0.0 to 1.0, as sent).
    case setVolume(Double)
    /// A notification's button: the alarm it was about and the action's key.
    case notificationAction(alarmID: Int64, action: String)
    /// logind's PrepareForSleep: true before sleep (answer with `readyForSleep()`), false after resume.
    case prepareForSleep(Bool)
}
