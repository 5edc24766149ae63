import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseTime

/// The terminal clock's connection to the daemon: subscribed to its events, holding the latest `status`, and
/// sending what the keys ask for. The clock runs without it: while the daemon is down the link tries again
/// every few seconds and the clock says so in one line.
final class ClockDaemonLink {
    private let path: String
    private var connection: DaemonConnection?
    private var lastAttempt: Int64?
    /// What the daemon said last; nil while it is not reachable.
    private(set) var status: StatusInfo?
    /// Whether the clock shows the life overlay, so `life_show` is asked too.
    var followsLife = false
    /// `life_show`'s last answer; nil while unreachable, or when the daemon has no life calendar.
    private(set) var life: LifeInfo?
    /// The local day `life` was asked on: asked again when the day turns.
    private var lifeDay: LocalDate?

    init(path: String) {
        self.path = path
    }

    /// The socket to poll, while connected.
    var fileDescriptor: Int32? { connection?.fileDescriptor }

    /// Connects and subscribes, unless connected or tried less than `NoisectlLimits.clockReconnectSeconds` ago.
    func connectIfDue(now: Int64) {
        guard connection == nil,
            lastAttempt.map({ now - $0 >= Int64(NoisectlLimits.clockReconnectSeconds) || now < $0 }) ?? true
        else { return }
        lastAttempt = now
        do {
            let fresh = try DaemonConnection(path: path, waitLimit: NoisectlLimits.clockDaemonWaitSeconds)
            connection = fresh
            status = try fresh.call(Commands.Subscribe())
            lifeDay = nil
        } catch {
            drop()
        }
    }

    /// Reads what arrived: any event makes the clock ask for a fresh `status`, which has everything it shows; a
    /// habit tapped, a diary entry saved or the life set (`changesLife`) a fresh `life_show`.
    func readEvents() {
        guard let connection else { return }
        do {
            var lifeChanged = false
            repeat {
                let event = try connection.nextEvent().event
                lifeChanged = lifeChanged || Self.changesLife(event)
            } while connection.hasBufferedLine
            refresh()
            if lifeChanged { lifeDay = nil }
        } catch {
            drop()
        }
    }

    /// Whether `event` changes what `life_show` answers.
    static func changesLife(_ event: DaemonEvent) -> Bool {
        switch event {
        // Removing a habit takes its taps, and so today's bonus, with it.
        case .habitTapped, .habits, .gratitudeSaved, .gratitudeImported, .lifeChanged: true
        default: false
        }
    }

    /// Asks `life_show` when the overlay shows it and it was not asked yet on `today` (the clock's local day), or
    /// an event changed it. A daemon without the life calendar refuses the command: the overlay stays empty, the
    /// connection stays up.
    func refreshLife(today: LocalDate) {
        guard followsLife, let connection, lifeDay != today else { return }
        lifeDay = today
        do {
            life = try connection.call(Commands.LifeShow())
        } catch {
            life = nil
            if error.isUnreachable { drop() }
        }
    }

    private func refresh() {
        guard let connection else { return }
        do {
            status = try connection.call(Commands.Status())
        } catch {
            drop()
        }
    }

    /// Sends a command for a key and says what happened, in words for the clock's note line.
    func perform(_ action: ClockAction) -> String {
        guard let connection else { return "noised is not running" }
        do {
            let said: String
            switch action {
            case .snooze:
                let alarms = try connection.call(Commands.Snooze()).alarms
                said = alarms.first?.snoozedUntil.map { "Snoozed until " + AlarmText.clock($0) } ?? "Snoozed"
            case .dismiss:
                _ = try connection.call(Commands.Dismiss())
                said = "Dismissed"
            case .toggle:
                let playback = try connection.call(Commands.Toggle())
                said = playback.state == .playing ? "Playing " + playback.lastPlayed.joined(separator: ", ") : "Paused"
            }
            refresh()
            return said
        } catch {
            if error.isUnreachable { drop() }
            return error.message
        }
    }

    private func drop() {
        connection = nil
        status = nil
        life = nil
        lifeDay = nil
    }
}

/// What the clock's keys ask the daemon for.
enum ClockAction {
    case snooze
    case dismiss
    /// Space: pause what plays, or resume the paused (else the last) mix.
    case toggle
}
