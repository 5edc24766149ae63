import NoiseCatalog
import NoiseCore
/// The daemon's answer to `status`, shared by the daemon (which encodes it) and the client (which prints it).
public struct StatusInfo: Sendable, Equatable, Codable {
    public var version: String
    public var `protocol`: Int
    public var uptimeSeconds: Double
    public var audio: AudioStatus
    public var masterVolume: Double
    public var playing: [PlayingSound]
    @ExplicitNull public var sleepTimer: SleepTimerInfo?
    /// The ids of the sounds that played last (what plays now, else what played before the last stop), so a
    /// client can offer "play again" (`noisectl clock`'s space key).
    public var lastPlayed: [String]
    public var catalog: CatalogSummary
    /// Alarms: the next one, those ringing, recent missed ones, the time zone, wake-from-suspend.
    @ExplicitNull public var alarms: AlarmsStatus?
    /// The config file and its problems (nil from a daemon that does not report it).
    @ExplicitNull public var config: ConfigStatus?

    public init(uptimeSeconds: Double, audio: AudioStatus, playback: PlaybackInfo, catalog: CatalogSummary,
                alarms: AlarmsStatus? = nil, config: ConfigStatus? = nil) {
        self.version = Limits.version
        self.protocol = Limits.protocolVersion
        self.uptimeSeconds = uptimeSeconds
        self.audio = audio
        self.masterVolume = playback.masterVolume
        self.playing = playback.playing
        self.sleepTimer = playback.sleepTimer
        self.lastPlayed = playback.lastPlayed
        self.catalog = catalog
        self.alarms = alarms
        self.config = config
    }
}

/// What plays: the data of `playback` events and part of `status`.
public struct PlaybackInfo: Sendable, Equatable, Codable {
    public var masterVolume: Double
    public var playing: [PlayingSound]
    @ExplicitNull public var sleepTimer: SleepTimerInfo?
    /// See `StatusInfo.lastPlayed`.
    public var lastPlayed: [String]

    public init(masterVolume: Double, playing: [PlayingSound], sleepTimer: SleepTimerInfo?, lastPlayed: [String] = []) {
        self.masterVolume = masterVolume
        self.playing = playing
        self.sleepTimer = sleepTimer
        self.lastPlayed = lastPlayed
    }
}

public struct PlayingSound: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable {
        case fadingIn = "fading_in"
        case playing
        case fadingOut = "fading_out"
    }

    public var id: String
    public var name: String
    public var volume: Double
    public var state: State

    public init(id: String, name: String, volume: Double, state: State) {
        self.id = id
        self.name = name
        self.volume = volume
        self.state = state
    }
}

public struct SleepTimerInfo: Sendable, Equatable, Codable {
    public var remainingSeconds: Double
    public var fadeOutSeconds: Double

    public init(remainingSeconds: Double, fadeOutSeconds: Double) {
        self.remainingSeconds = remainingSeconds
        self.fadeOutSeconds = fadeOutSeconds
    }
}

/// The output device: which one, and whether it plays, rests closed, or failed (and is retried).
public struct AudioStatus: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable {
        /// Nothing to play; the device is closed.
        case idle
        /// The device is open and being written.
        case playing
        /// The device could not be opened or was lost; it is retried every few seconds.
        case error
    }

    public var device: String
    public var state: State
    @ExplicitNull public var error: String?
    public var underruns: Int

    public init(device: String, state: State, error: String? = nil, underruns: Int = 0) {
        self.device = device
        self.state = state
        self.error = error
        self.underruns = underruns
    }
}

public struct CatalogSummary: Sendable, Equatable, Codable {
    public var sounds: Int
    public var problems: [String]

    public init(sounds: Int, problems: [String]) {
        self.sounds = sounds
        self.problems = problems
    }
}

/// One row of the `sounds` reply.
public struct SoundInfo: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var category: String
    public var kind: SoundKind
    public var file: String
    public var source: SoundSource

    public init(_ sound: Sound) {
        id = sound.id
        name = sound.entry.name
        category = sound.entry.category
        kind = sound.entry.kind
        file = sound.path
        source = sound.source
    }
}
