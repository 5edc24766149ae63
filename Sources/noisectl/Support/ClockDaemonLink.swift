import NoiseCore
import NoiseProtocol

/// The terminal clock's connection to the daemon: subscribed to its events, holding the latest `status`, and
/// sending what the keys ask for. The clock runs without it: while the daemon is down the link tries again
/// every few seconds and the clock says so in one line.
final class ClockDaemonLink {
    private let path: String
    private var connection: DaemonConnection?
    private var lastAttempt: Int64?
    /// What the daemon said last; nil while it is not reachable.
    private(set) var status: StatusInfo?

    init(path: String) {
        self.path = path
    }

    /// The socket to poll, while connected.
    var fileDescriptor: Int32? { connection?.fileDescriptor }

    /// Connects and subscribes, unless connected or tried less than `Limits.clockReconnectSeconds` ago.
    func connectIfDue(now: Int64) {
        guard connection == nil, lastAttempt.map({ now - $0 >= Int64(Limits.clockReconnectSeconds) || now < $0 }) ?? true else { return }
        lastAttempt = now
        do {
            let fresh = try DaemonConnection(path: path, waitLimit: Limits.clockDaemonWaitSeconds)
            connection = fresh
            status = try fresh.decode(try fresh.request("subscribe"), as: StatusInfo.self)
        } catch {
            drop()
        }
    }

    /// Reads what arrived: any event makes the clock ask for a fresh `status`, which has everything it shows.
    func readEvents() {
        guard let connection else { return }
        do {
            repeat {
                _ = try connection.nextLine()
            } while connection.hasBufferedLine
            refresh()
        } catch {
            drop()
        }
    }

    private func refresh() {
        guard let connection else { return }
        do {
            status = try connection.decode(try connection.request("status"), as: StatusInfo.self)
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
                let alarms = try connection.decode(try connection.request("snooze"), as: [AlarmInfo].self)
                said = alarms.first?.snoozedUntil.map { "Snoozed until " + AlarmText.clock($0) } ?? "Snoozed"
            case .dismiss:
                _ = try connection.request("dismiss")
                said = "Dismissed"
            case .toggle:
                let playback = try connection.decode(try connection.request("toggle"), as: PlaybackInfo.self)
                said = playback.state == .playing ? "Playing " + playback.lastPlayed.joined(separator: ", ") : "Paused"
            }
            refresh()
            return said
        } catch {
            if error.exitCode == 3 { drop() }
            return error.message
        }
    }

    private func drop() {
        connection = nil
        status = nil
    }
}

/// What the clock's keys ask the daemon for.
enum ClockAction {
    case snooze
    case dismiss
    /// Space: pause what plays, or resume the paused (else the last) mix.
    case toggle
}
