import NoiseCatalog
import NoiseCore
import NoiseProtocol
import Synchronization

/// What `status` shows, as the actors that own it last published it. The player publishes what plays and the
/// catalog, the scheduler the alarms, every time they change (from `didSet`, so no change is missed), and the
/// control server reads the board: `status` is answered at once, without waiting for a turn on each actor. Times that move by themselves (a fade ending, the sleep timer
/// counting down, the uptime) are stored as instants and worked out when the board is read.
public final class StatusBoard: Sendable {
    /// What plays, with its instants in seconds since the player started.
    public struct Playback: Sendable {
        public struct Sound: Sendable {
            var info: PlayingSound
            /// A sound fading in shows as playing from this instant on.
            var fadeInEnds: Double
            /// Its sleep timer: when it has faded to its floor, the length of that fade, and the floor.
            var sleep: (deadline: Double, fadeSeconds: Double, floor: Double)?
        }

        var state = PlaybackState.stopped
        var masterVolume = 100.0
        var sounds: [Sound] = []
        var lastPlayed: [String] = []

        func info(at now: Double) -> PlaybackInfo {
            let playing = sounds.map { sound in
                var info = sound.info
                if info.state == .fadingIn && now >= sound.fadeInEnds { info.state = .playing }
                // To the millisecond: the clocks' difference carries float noise (`1799.9999998`) that means nothing.
                info.sleepTimer = sound.sleep.map {
                    SleepTimerInfo(
                        remainingSeconds: (max(0, $0.deadline - now) * 1000).rounded() / 1000,
                        fadeOutSeconds: $0.fadeSeconds, fadeTo: $0.floor)
                }
                return info
            }
            // Everything stops by itself only when every sound still playing has a timer: then at the last of them.
            let sounding = playing.filter { $0.state != .fadingOut }
            let timers = sounding.compactMap(\.sleepTimer)
            let last = timers.count == sounding.count ? timers.max { $0.remainingSeconds < $1.remainingSeconds } : nil
            return PlaybackInfo(
                state: state, masterVolume: masterVolume, playing: playing, sleepTimer: last,
                lastPlayed: lastPlayed)
        }
    }

    private struct Parts {
        var playback = Playback()
        var catalog = CatalogSummary(sounds: 0, problems: [])
        var onset: OnsetInfo?
        var alarms: AlarmsStatus?
        var elements: ElementsStatus?
        /// The store's last refused change, until a change succeeds (`StoreChanges`).
        var storeFailure: String?
        /// The D-Bus side's own snapshot, read each time the board is (`attach(desktop:)`).
        var desktop: (@Sendable () -> DesktopStatus)?
        /// Counts the publishes: equal counts, equal parts.
        var generation: UInt64 = 0
    }

    /// What a status is made of: the parts by their count, and what is read or worked out at each reading.
    private struct Reading: Equatable {
        var generation: UInt64
        var uptimeSeconds: Double
        var audio: AudioStatus
        var desktop: DesktopStatus?
        var config: ConfigStatus?
        var playback: PlaybackInfo
    }

    private let parts = Mutex(Parts())
    /// The last status encoded, by what it was made of.
    private let lastEncoded = Mutex<(reading: Reading, line: [UInt8])?>(nil)
    /// The player's clock and the output thread's status, read each time the board is.
    private let uptime: @Sendable () -> Double
    private let audio: @Sendable () -> AudioStatus

    public init(
        uptime: @escaping @Sendable () -> Double = { 0 },
        audio: @escaping @Sendable () -> AudioStatus = { AudioStatus(device: "", state: .idle) }
    ) {
        self.uptime = uptime
        self.audio = audio
    }

    public func publish(_ playback: Playback) { change { $0.playback = playback } }
    public func publish(_ catalog: CatalogSummary) { change { $0.catalog = catalog } }
    public func publish(onset: OnsetInfo?) { change { $0.onset = onset } }
    public func publish(_ alarms: AlarmsStatus) { change { $0.alarms = alarms } }
    public func publish(_ elements: ElementsStatus) { change { $0.elements = elements } }
    public func publish(storeFailure: String?) { change { $0.storeFailure = storeFailure } }
    public func attach(desktop: @escaping @Sendable () -> DesktopStatus) { change { $0.desktop = desktop } }

    private func change(_ body: (inout Parts) -> Void) {
        parts.withLock {
            body(&$0)
            $0.generation &+= 1
        }
    }

    /// The status as of now, with `config` (the caller's).
    public func status(config: ConfigStatus? = nil) -> StatusInfo {
        let parts = self.parts.withLock { $0 }
        return status(parts, read(parts, config: config))
    }

    /// `status(config:)` as protocol JSON. Status changes rarely and is read often (status bars, `watch`, each open
    /// page of a web face), so while what it is made of stays the same every reader is given the one encoding.
    public func encodedStatus(config: ConfigStatus) throws -> [UInt8] {
        let parts = self.parts.withLock { $0 }
        let reading = read(parts, config: config)
        if let last = lastEncoded.withLock({ $0 }), last.reading == reading { return last.line }
        let line = try JSONCoding.line(status(parts, reading))
        lastEncoded.withLock { $0 = (reading, line) }
        return line
    }

    private func read(_ parts: Parts, config: ConfigStatus?) -> Reading {
        let clock = uptime()
        let now = (clock * 1000).rounded(.down) / 1000  // to the millisecond: finer than any client needs
        // Uptime in whole seconds, as mpd's `stats` gives it: an unchanged status then encodes the same for every
        // reader within the second.
        return Reading(
            generation: parts.generation, uptimeSeconds: clock.rounded(.down), audio: audio(),
            desktop: parts.desktop?(), config: config, playback: parts.playback.info(at: now))
    }

    private func status(_ parts: Parts, _ reading: Reading) -> StatusInfo {
        var alarms = parts.alarms
        alarms?.lastOnset = parts.onset
        // A store that cannot be written at all says so first; else the last change it refused.
        if alarms?.storeProblem == nil { alarms?.storeProblem = parts.storeFailure }
        return StatusInfo(
            uptimeSeconds: reading.uptimeSeconds, audio: reading.audio, playback: reading.playback,
            catalog: parts.catalog, alarms: alarms, config: reading.config, desktop: reading.desktop,
            elements: parts.elements)
    }
}
