import NoiseCatalog

// Every reply that is a list is an object with one named array (docs/protocol.md), so a client reads each kind of
// list one way, and a field can be added beside the array later without breaking it. `noisectl … --json` prints
// these same objects.

/// `alarm_list`'s reply (a page of it), and `snooze`'s and `dismiss`'s: the alarms, each with its state.
public struct AlarmList: Sendable, Equatable, Codable {
    public var alarms: [AlarmInfo]

    public init(alarms: [AlarmInfo]) {
        self.alarms = alarms
    }
}

/// `timer_list`'s reply: the timers still to ring, the soonest first.
public struct TimerList: Sendable, Equatable, Codable {
    public var timers: [AlarmInfo]

    public init(timers: [AlarmInfo]) {
        self.timers = timers
    }
}

/// `sounds`' reply: the catalog's sounds (of one category when asked).
public struct SoundList: Sendable, Equatable, Codable {
    public var sounds: [SoundInfo]

    public init(sounds: [SoundInfo]) {
        self.sounds = sounds
    }
}

/// `alarm_missed`'s reply: the missed alarms kept, newest first.
public struct MissedList: Sendable, Equatable, Codable {
    public var missed: [MissedInfo]

    public init(missed: [MissedInfo]) {
        self.missed = missed
    }
}

/// `mix_list`'s reply: the saved mixes, by name.
public struct MixList: Sendable, Equatable, Codable {
    public var mixes: [MixInfo]

    public init(mixes: [MixInfo]) {
        self.mixes = mixes
    }
}
