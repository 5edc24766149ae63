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

    /// The kinds of event, each with its name on the wire: the one place a name is spelled.
    public enum Kind: String, Sendable, CaseIterable {
        case hello, playback, audio, catalog
        case alarmRinging = "alarm_ringing"
        case alarmSnoozed = "alarm_snoozed"
        case alarmDismissed = "alarm_dismissed"
        case alarmMissed = "alarm_missed"
        case dawnStarted = "dawn_started"
        case dawnEnded = "dawn_ended"
        case nextAlarm = "next_alarm"
        case alarmsChanged = "alarms_changed"
        case missedCleared = "missed_cleared"
        case mixes, habits
        case habitTapped = "habit_tapped"
        case gratitudeSaved = "gratitude_saved"
        case gratitudeImported = "gratitude_imported"
        case lifeChanged = "life_changed"
        case gratitudeReminder = "gratitude_reminder"
        case disconnected

        /// An event of this kind with its data read as the type the kind says.
        func event(_ data: EventData) throws -> DaemonEvent {
            switch self {
            case .hello: .hello(try data.read())
            case .playback: .playback(try data.read())
            case .audio: .audio(try data.read())
            case .catalog: .catalog(try data.read())
            case .alarmRinging: .alarmRinging(try data.read())
            case .alarmSnoozed: .alarmSnoozed(try data.read())
            case .alarmDismissed: .alarmDismissed(try data.read())
            case .alarmMissed: .alarmMissed(try data.read())
            case .dawnStarted: .dawnStarted(try data.read())
            case .dawnEnded: .dawnEnded(try data.read())
            case .nextAlarm: .nextAlarm(try data.read())
            case .alarmsChanged: .alarmsChanged(try data.read())
            case .missedCleared: .missedCleared(try data.read())
            case .mixes: .mixes(try data.read())
            case .habits: .habits(try data.read())
            case .habitTapped: .habitTapped(try data.read())
            case .gratitudeSaved: .gratitudeSaved(try data.read())
            case .gratitudeImported: .gratitudeImported(try data.read())
            case .lifeChanged: .lifeChanged(try data.read())
            case .gratitudeReminder: .gratitudeReminder(try data.read())
            case .disconnected: .disconnected(try data.read())
            }
        }
    }

    /// The event's name on the wire.
    public var name: String {
        if case .unknown(let name, _) = self { return name }
        return kindAndData.kind?.rawValue ?? ""
    }

    /// The event's data.
    public var data: any Encodable & Sendable { kindAndData.data }

    /// The event's kind (nil for an unknown one) and its data.
    private var kindAndData: (kind: Kind?, data: any Encodable & Sendable) {
        switch self {
        case .hello(let data): (.hello, data)
        case .playback(let data): (.playback, data)
        case .audio(let data): (.audio, data)
        case .catalog(let data): (.catalog, data)
        case .alarmRinging(let data): (.alarmRinging, data)
        case .alarmSnoozed(let data): (.alarmSnoozed, data)
        case .alarmDismissed(let data): (.alarmDismissed, data)
        case .alarmMissed(let data): (.alarmMissed, data)
        case .dawnStarted(let data): (.dawnStarted, data)
        case .dawnEnded(let data): (.dawnEnded, data)
        case .nextAlarm(let data): (.nextAlarm, data)
        case .alarmsChanged(let data): (.alarmsChanged, data)
        case .missedCleared(let data): (.missedCleared, data)
        case .mixes(let data): (.mixes, data)
        case .habits(let data): (.habits, data)
        case .habitTapped(let data): (.habitTapped, data)
        case .gratitudeSaved(let data): (.gratitudeSaved, data)
        case .gratitudeImported(let data): (.gratitudeImported, data)
        case .lifeChanged(let data): (.lifeChanged, data)
        case .gratitudeReminder(let data): (.gratitudeReminder, data)
        case .disconnected(let data): (.disconnected, data)
        case .unknown(_, let data): (nil, data)
        }
    }

    /// The names of the events the daemon sends (docs/protocol.md's table is checked against it).
    public static let names: [String] = Kind.allCases.map(\.rawValue).sorted()
}

extension DaemonEvent: Codable {
    enum CodingKeys: CodingKey { case event, data }

    /// The data of an event line, read as the type its name says.
    struct EventData {
        let container: KeyedDecodingContainer<CodingKeys>
        func read<T: Decodable>(_ type: T.Type = T.self) throws -> T { try container.decode(type, forKey: .data) }
    }

    /// Reads a whole event line: its name, then its data straight into the type the name says.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .event)
        // A known name whose data this client cannot read comes from a daemon that changed it: passed on as unknown
        // rather than ending the conversation.
        if let kind = Kind(rawValue: name), let event = try? kind.event(EventData(container: container)) {
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
