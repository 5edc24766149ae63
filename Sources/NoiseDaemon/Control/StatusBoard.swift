import NoiseCore
import Synchronization

/// What `status` shows, as the actors that own it last published it. The player publishes what plays and the
/// catalog, the scheduler the alarms, every time they change (from `didSet`, so no change is missed), and the
/// control server reads the board on its event loop: `status` is answered at once, without waiting for a turn
/// on each actor (docs/performance.md, row 2). Times that move by themselves (a fade ending, the sleep timer
/// counting down, the uptime) are stored as instants and worked out when the board is read.
public final class StatusBoard: Sendable {
    /// What plays, with its instants in seconds since the player started.
    public struct Playback: Sendable {
        public struct Sound: Sendable {
            var info: PlayingSound
            /// A sound fading in shows as playing from this instant on.
            var fadeInEnds: Double
        }

        var masterVolume = 100.0
        var sounds: [Sound] = []
        var sleepDeadline: Double?
        var sleepFadeSeconds = 0.0
        var lastPlayed: [String] = []

        func info(at now: Double) -> PlaybackInfo {
            let playing = sounds.map { sound in
                var info = sound.info
                if info.state == .fadingIn && now >= sound.fadeInEnds { info.state = .playing }
                return info
            }
            // To the millisecond: the clocks' difference carries float noise (`1799.9999998`) that means nothing.
            let timer = sleepDeadline.map {
                SleepTimerInfo(remainingSeconds: (max(0, $0 - now) * 1000).rounded() / 1000, fadeOutSeconds: sleepFadeSeconds)
            }
            return PlaybackInfo(masterVolume: masterVolume, playing: playing, sleepTimer: timer, lastPlayed: lastPlayed)
        }
    }

    /// What a status depends on besides the uptime and the instants in it, read without copying what plays or the
    /// alarms: while the stamp stays the same (and the time is before the status's `stableUntil`), so does
    /// everything the status shows but its uptime (`StatusReplies` keeps the reply's bytes for it).
    public struct Stamp: Equatable, Sendable {
        /// Counts what the actors published.
        var version: UInt64
        /// The output thread's status changes without a publication (an underrun): its own count of changes.
        var audioVersion: UInt64
    }

    private struct Parts {
        var playback = Playback()
        var catalog = CatalogSummary(sounds: 0, problems: [])
        var onset: OnsetInfo?
        var alarms: AlarmsStatus?
    }

    private let parts = Mutex(Parts())
    /// Counts the publications; moved on after the part it counts is in place.
    private let version = Atomic<UInt64>(0)
    /// The player's clock, and the output thread's status and its count of changes, read each time the board is.
    private let uptime: @Sendable () -> Double
    private let audio: @Sendable () -> AudioStatus
    private let audioVersion: @Sendable () -> UInt64

    public init(uptime: @escaping @Sendable () -> Double = { 0 },
                audio: @escaping @Sendable () -> AudioStatus = { AudioStatus(device: "", state: .idle) },
                audioVersion: @escaping @Sendable () -> UInt64 = { 0 }) {
        self.uptime = uptime
        self.audio = audio
        self.audioVersion = audioVersion
    }

    public func publish(_ playback: Playback) { change { $0.playback = playback } }
    public func publish(_ catalog: CatalogSummary) { change { $0.catalog = catalog } }
    public func publish(onset: OnsetInfo?) { change { $0.onset = onset } }
    public func publish(_ alarms: AlarmsStatus) { change { $0.alarms = alarms } }

    private func change(_ body: (inout Parts) -> Void) {
        parts.withLock {
            body(&$0)
            version.add(1, ordering: .releasing)
        }
    }

    /// The status as of now; `config` is the caller's to fill in.
    public func status() -> StatusInfo { snapshot().status }

    /// The status as of now, its stamp, and the uptime until which it stays as it is while the stamp does: the
    /// next fade-in to end, or now while the sleep timer counts down (it changes all the time).
    public func snapshot() -> (status: StatusInfo, stamp: Stamp, stableUntil: Double) {
        // The counts first: a change after them shows in the status but not in its stamp, which then stops matching.
        let (stamp, now) = self.stamp()
        let parts = self.parts.withLock { $0 }
        var alarms = parts.alarms
        alarms?.lastOnset = parts.onset
        let status = StatusInfo(uptimeSeconds: now, audio: audio(), playback: parts.playback.info(at: now),
                                catalog: parts.catalog, alarms: alarms)
        return (status, stamp, parts.playback.stableUntil(after: now))
    }

    /// The stamp as of now and the uptime, without the rest and without a lock: what a `status` request costs when
    /// nothing changed.
    public func stamp() -> (stamp: Stamp, now: Double) {
        (Stamp(version: version.load(ordering: .acquiring), audioVersion: audioVersion()), Self.shown(uptime()))
    }

    /// The uptime is shown to the millisecond: finer than any client needs, and written without a String
    /// (`JSONWriter.writeThousandths`).
    private static func shown(_ uptime: Double) -> Double {
        (uptime * 1000).rounded(.down) / 1000
    }
}

extension StatusBoard.Playback {
    /// The first instant after `now` at which `info(at:)` differs from `info(at: now)`.
    func stableUntil(after now: Double) -> Double {
        if sleepDeadline != nil { return now }
        return sounds.lazy.filter { $0.info.state == .fadingIn && $0.fadeInEnds > now }.map(\.fadeInEnds).min() ?? .infinity
    }
}
