import LifeCalendar
import NoiseCore

/// An event line (`{"data":…,"event":…}`, docs/protocol.md "Events"): the event's name paired with the type of its
/// data. The daemon publishes only these (`EventHub.publish`), and every client (the blocking `DaemonConnection`, the
/// async `DaemonClient`) and the tests read events through it.
public enum DaemonEvent: Sendable, Equatable {
    case hello(Hello)
    case playback(PlaybackInfo)
    case audio(AudioStatus)
    case catalog(CatalogSummary)
    case alarmRinging(AlarmInfo)
    case alarmSnoozed(AlarmInfo)
    case alarmDismissed(AlarmInfo)
    case alarmMissed(MissedInfo)
    case dawnStarted(DawnInfo)
    case dawnEnded(DawnInfo)
    case nextAlarm(NextAlarm)
    case alarmsChanged(AlarmsChanged)
    case missedCleared(MissedCleared)
    case mixes(MixList)
    case habits(HabitList)
    case habitTapped(HabitTapped)
    case gratitudeSaved(GratitudeSaved)
    case gratitudeImported(GratitudeImported)
    case lifeChanged(LifeInfo)
    case gratitudeReminder(GratitudeReminderDue)
    case disconnected(Disconnected)
    /// An event this client does not know, or whose data it cannot read: a newer daemon's, with its data as it came
    /// (a relay such as noiseweb passes it on whole). It does not end the conversation; `--json` passes the line on as
    /// it came.
    case unknown(String, data: JSONValue)

    /// The event's name on the wire.
    public var name: String {
        switch self {
        case .hello: "hello"
        case .playback: "playback"
        case .audio: "audio"
        case .catalog: "catalog"
        case .alarmRinging: "alarm_ringing"
        case .alarmSnoozed: "alarm_snoozed"
        case .alarmDismissed: "alarm_dismissed"
        case .alarmMissed: "alarm_missed"
        case .dawnStarted: "dawn_started"
        case .dawnEnded: "dawn_ended"
        case .nextAlarm: "next_alarm"
        case .alarmsChanged: "alarms_changed"
        case .missedCleared: "missed_cleared"
        case .mixes: "mixes"
        case .habits: "habits"
        case .habitTapped: "habit_tapped"
        case .gratitudeSaved: "gratitude_saved"
        case .gratitudeImported: "gratitude_imported"
        case .lifeChanged: "life_changed"
        case .gratitudeReminder: "gratitude_reminder"
        case .disconnected: "disconnected"
        case .unknown(let name, _): name
        }
    }

    /// The event's data.
    public var data: any Encodable & Sendable {
        switch self {
        case .hello(let data): data
        case .playback(let data): data
        case .audio(let data): data
        case .catalog(let data): data
        case .alarmRinging(let data): data
        case .alarmSnoozed(let data): data
        case .alarmDismissed(let data): data
        case .alarmMissed(let data): data
        case .dawnStarted(let data): data
        case .dawnEnded(let data): data
        case .nextAlarm(let data): data
        case .alarmsChanged(let data): data
        case .missedCleared(let data): data
        case .mixes(let data): data
        case .habits(let data): data
        case .habitTapped(let data): data
        case .gratitudeSaved(let data): data
        case .gratitudeImported(let data): data
        case .lifeChanged(let data): data
        case .gratitudeReminder(let data): data
        case .disconnected(let data): data
        case .unknown(_, let data): data
        }
    }

    /// Every event's name, with how to read its data: the one list of the names a client knows.
    static let readers: [String: @Sendable (EventData) throws -> DaemonEvent] = [
        "hello": { .hello(try $0.read(Hello.self)) },
        "playback": { .playback(try $0.read(PlaybackInfo.self)) },
        "audio": { .audio(try $0.read(AudioStatus.self)) },
        "catalog": { .catalog(try $0.read(CatalogSummary.self)) },
        "alarm_ringing": { .alarmRinging(try $0.read(AlarmInfo.self)) },
        "alarm_snoozed": { .alarmSnoozed(try $0.read(AlarmInfo.self)) },
        "alarm_dismissed": { .alarmDismissed(try $0.read(AlarmInfo.self)) },
        "alarm_missed": { .alarmMissed(try $0.read(MissedInfo.self)) },
        "dawn_started": { .dawnStarted(try $0.read(DawnInfo.self)) },
        "dawn_ended": { .dawnEnded(try $0.read(DawnInfo.self)) },
        "next_alarm": { .nextAlarm(try $0.read(NextAlarm.self)) },
        "alarms_changed": { .alarmsChanged(try $0.read(AlarmsChanged.self)) },
        "missed_cleared": { .missedCleared(try $0.read(MissedCleared.self)) },
        "mixes": { .mixes(try $0.read(MixList.self)) },
        "habits": { .habits(try $0.read(HabitList.self)) },
        "habit_tapped": { .habitTapped(try $0.read(HabitTapped.self)) },
        "gratitude_saved": { .gratitudeSaved(try $0.read(GratitudeSaved.self)) },
        "gratitude_imported": { .gratitudeImported(try $0.read(GratitudeImported.self)) },
        "life_changed": { .lifeChanged(try $0.read(LifeInfo.self)) },
        "gratitude_reminder": { .gratitudeReminder(try $0.read(GratitudeReminderDue.self)) },
        "disconnected": { .disconnected(try $0.read(Disconnected.self)) },
    ]

    /// The names of the events the daemon sends (docs/protocol.md's table is checked against it).
    public static let names: [String] = readers.keys.sorted()
}

extension DaemonEvent: Codable {
    enum CodingKeys: CodingKey { case event, data }

    /// The data of an event line, read as the type its name says.
    struct EventData {
        let container: KeyedDecodingContainer<CodingKeys>
        func read<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(type, forKey: .data) }
    }

    /// Reads a whole event line: its name, then its data straight into the type the name says.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .event)
        // A known name whose data this client cannot read comes from a daemon that changed it: passed on as unknown
        // rather than ending the conversation.
        if let reader = Self.readers[name], let event = try? reader(EventData(container: container)) {
            self = event
        } else {
            self = .unknown(name, data: (try? container.decodeIfPresent(JSONValue.self, forKey: .data)) ?? .null)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .event)
        try container.encode(data, forKey: .data)
    }
}
