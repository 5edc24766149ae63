import ClockFace
import NoiseClient
import NoiseCore
import NoiseProtocol

/// The live life view's data from the daemon: `life_show` asked again once a minute, which is soon enough for a
/// view whose figures change at midnight, and for a habit tapped or an entry saved elsewhere. When the daemon
/// goes away the last answer stays on screen with a note, and a fresh connection is tried each minute.
final class LifeDaemonSource {
    private let path: String
    private var connection: DaemonConnection?
    private var info: LifeInfo
    private var minute: Int64
    private var note: String?

    init(connection: DaemonConnection, info: LifeInfo, at unix: Double) {
        path = connection.path
        self.connection = connection
        self.info = info
        minute = Self.minute(of: unix)
    }

    /// The view's reading at `unix`, asking the daemon first when a new minute has begun.
    func reading(at unix: Double) -> LifeGridFace.Reading {
        let now = Self.minute(of: unix)
        if now != minute {
            minute = now
            refresh()
        }
        return LifeGridFace.Reading(info, note: note)
    }

    private func refresh() {
        do {
            let live = try connection ?? DaemonConnection(path: path, waitLimit: NoisectlLimits.clockDaemonWaitSeconds)
            connection = live
            info = try live.call(Commands.LifeShow())
            note = nil
        } catch {
            connection = nil
            note = "noised is not reachable; figures as of \(info.today)"
        }
    }

    private static func minute(of unix: Double) -> Int64 { Int64((unix / 60).rounded(.down)) }
}

extension LifeGridFace.Reading {
    /// What `life_show` answered, as the view shows it.
    init(_ info: LifeInfo, note: String? = nil) {
        self.init(
            today: info.today, birth: info.birth, years: info.years, figures: info.figures,
            bonusMinutes: info.bonusMinutes, lastEntry: info.lastEntry, note: note)
    }
}
