import NoiseCatalog
import NoiseCore
import NoiseProtocol

/// What noisehome tells the broker (docs/home.md, "What Home Assistant shows"), kept from the daemon's status at
/// subscribe and its events since: the next alarm, the alarms' state, the dawn, what plays, the saved mixes. Pure:
/// the bridge publishes what `apply` says changed.
public struct HomeState: Sendable, Equatable {
    /// A retained state topic's last level, and what it carries.
    public enum Topic: String, Sendable, CaseIterable {
        /// The protocol's `next_alarm` object: `{"alarm": alarm object or null}`.
        case nextAlarm = "next_alarm"
        /// `{"state": "idle" | "dawn" | "ringing" | "snoozed", "alarm": the alarm object it is about, or null}`.
        case alarm
        /// `{"dawn": the protocol's dawn object under way, or null}`.
        case dawn
        /// The protocol's playback object.
        case playback
    }

    /// The alarms' state as Home Assistant shows it, the most pressing first.
    public enum AlarmState: String, Sendable, Codable {
        case ringing, dawn, snoozed, idle
    }

    public private(set) var next: AlarmInfo?
    public private(set) var playback: PlaybackInfo
    /// The saved mixes' names, for the mix picker; a change re-announces it.
    public private(set) var mixes: [String]
    private var ringing: [Int64: AlarmInfo] = [:]
    private var snoozed: [Int64: AlarmInfo] = [:]
    private var dawns: [Int64: DawnInfo] = [:]

    /// The state a `subscribe` reply (`status`) and the mixes then saved describe.
    public init(status: StatusInfo, mixes: [String]) {
        playback = PlaybackInfo(
            state: status.state, masterVolume: status.masterVolume, playing: status.playing,
            sleepTimer: status.sleepTimer, lastPlayed: status.lastPlayed)
        self.mixes = mixes
        if let alarms = status.alarms {
            next = alarms.next
            ringing = Dictionary(alarms.ringing.map { ($0.alarm.id, $0) }) { $1 }
            snoozed = Dictionary(alarms.snoozed.map { ($0.alarm.id, $0) }) { $1 }
            dawns = Dictionary(alarms.dawns.map { ($0.alarmId, $0) }) { $1 }
        }
    }

    /// Takes an event in; returns the topics whose payload it changed, and whether the mixes changed.
    public mutating func apply(_ event: DaemonEvent) -> (topics: Set<Topic>, mixesChanged: Bool) {
        switch event {
        case .nextAlarm(let next):
            self.next = next.alarm
            return ([.nextAlarm], false)
        case .alarmRinging(let info):
            snoozed[info.alarm.id] = nil
            dawns[info.alarm.id] = nil
            ringing[info.alarm.id] = info
            return ([.alarm, .dawn], false)
        case .alarmSnoozed(let info):
            ringing[info.alarm.id] = nil
            snoozed[info.alarm.id] = info
            return ([.alarm], false)
        case .alarmDismissed(let info):
            ringing[info.alarm.id] = nil
            snoozed[info.alarm.id] = nil
            dawns[info.alarm.id] = nil
            return ([.alarm, .dawn], false)
        case .alarmMissed(let missed):
            ringing[missed.alarmId] = nil
            return ([.alarm], false)
        case .dawnStarted(let dawn):
            dawns[dawn.alarmId] = dawn
            return ([.alarm, .dawn], false)
        case .dawnEnded(let dawn):
            dawns[dawn.alarmId] = nil
            return ([.alarm, .dawn], false)
        case .playback(let playback):
            self.playback = playback
            return ([.playback], false)
        case .mixes(let list):
            let names = list.mixes.map(\.name)
            defer { mixes = names }
            return ([], names != mixes)
        default:
            return ([], false)
        }
    }

    /// The alarms' state now, and the alarm it is about (the soonest of its kind).
    public var alarmState: (state: AlarmState, alarm: AlarmInfo?) {
        if let first = ringing.values.min(by: { $0.alarm.id < $1.alarm.id }) { return (.ringing, first) }
        if let dawn = dawns.values.min(by: { $0.ringAt.unix < $1.ringAt.unix }) {
            return (.dawn, next?.alarm.id == dawn.alarmId ? next : nil)
        }
        if let first = snoozed.values.min(by: { ($0.snoozedUntil?.unix ?? 0) < ($1.snoozedUntil?.unix ?? 0) }) {
            return (.snoozed, first)
        }
        return (.idle, nil)
    }

    /// The dawn under way that ends soonest, if any.
    public var dawn: DawnInfo? { dawns.values.min { $0.ringAt.unix < $1.ringAt.unix } }
}

extension HomeState {
    /// A state topic's payload: the protocol's own objects, as one JSON line.
    public func payload(_ topic: Topic) throws -> [UInt8] {
        switch topic {
        case .nextAlarm: try JSONCoding.line(NextAlarm(alarm: next))
        case .alarm:
            try JSONCoding.line(AlarmPayload(state: alarmState.state, alarm: alarmState.alarm))
        case .dawn: try JSONCoding.line(DawnPayload(dawn: dawn))
        case .playback: try JSONCoding.line(playback)
        }
    }

    struct AlarmPayload: Encodable {
        var state: AlarmState
        @ExplicitNull var alarm: AlarmInfo?
    }

    struct DawnPayload: Encodable {
        @ExplicitNull var dawn: DawnInfo?
    }
}
