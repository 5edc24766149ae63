import LifeCalendar
import NoiseCore

/// An event line (`{"data":…,"event":…}`, docs/protocol.md "Events"), read once into its typed data. Beside the
/// event names and their data types, so every client (the blocking `DaemonConnection`, the async `DaemonClient`)
/// and the tests read events the one way.
public enum DaemonEvent: Sendable, Equatable {
    case hello(Hello)
    case playback(PlaybackInfo)
    case audio(AudioStatus)
    case catalog(CatalogSummary)
    case alarmRinging(AlarmInfo)
    case alarmSnoozed(AlarmInfo)
    case alarmDismissed(AlarmInfo)
    case alarmMissed(MissedInfo)
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
        case .hello: EventName.hello
        case .playback: EventName.playback
        case .audio: EventName.audio
        case .catalog: EventName.catalog
        case .alarmRinging: EventName.alarmRinging
        case .alarmSnoozed: EventName.alarmSnoozed
        case .alarmDismissed: EventName.alarmDismissed
        case .alarmMissed: EventName.alarmMissed
        case .nextAlarm: EventName.nextAlarm
        case .alarmsChanged: EventName.alarmsChanged
        case .missedCleared: EventName.missedCleared
        case .mixes: EventName.mixes
        case .habits: EventName.habits
        case .habitTapped: EventName.habitTapped
        case .gratitudeSaved: EventName.gratitudeSaved
        case .gratitudeImported: EventName.gratitudeImported
        case .lifeChanged: EventName.lifeChanged
        case .gratitudeReminder: EventName.gratitudeReminder
        case .disconnected: EventName.disconnected
        case .unknown(let name, _): name
        }
    }
}

extension DaemonEvent: Decodable {
    private enum CodingKeys: CodingKey { case event, data }

    /// Reads a whole event line: its name, then its data straight into the type the name says.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .event)
        func data<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(type, forKey: .data) }
        do {
            switch name {
            case EventName.hello: self = .hello(try data(Hello.self))
            case EventName.playback: self = .playback(try data(PlaybackInfo.self))
            case EventName.audio: self = .audio(try data(AudioStatus.self))
            case EventName.catalog: self = .catalog(try data(CatalogSummary.self))
            case EventName.alarmRinging: self = .alarmRinging(try data(AlarmInfo.self))
            case EventName.alarmSnoozed: self = .alarmSnoozed(try data(AlarmInfo.self))
            case EventName.alarmDismissed: self = .alarmDismissed(try data(AlarmInfo.self))
            case EventName.alarmMissed: self = .alarmMissed(try data(MissedInfo.self))
            case EventName.nextAlarm: self = .nextAlarm(try data(NextAlarm.self))
            case EventName.alarmsChanged: self = .alarmsChanged(try data(AlarmsChanged.self))
            case EventName.missedCleared: self = .missedCleared(try data(MissedCleared.self))
            case EventName.mixes: self = .mixes(try data(MixList.self))
            case EventName.habits: self = .habits(try data(HabitList.self))
            case EventName.habitTapped: self = .habitTapped(try data(HabitTapped.self))
            case EventName.gratitudeSaved: self = .gratitudeSaved(try data(GratitudeSaved.self))
            case EventName.gratitudeImported: self = .gratitudeImported(try data(GratitudeImported.self))
            case EventName.lifeChanged: self = .lifeChanged(try data(LifeInfo.self))
            case EventName.gratitudeReminder: self = .gratitudeReminder(try data(GratitudeReminderDue.self))
            case EventName.disconnected: self = .disconnected(try data(Disconnected.self))
            default: self = .unknown(name, data: Self.rawData(container))
            }
        } catch {
            // A known name whose data this client cannot read comes from a daemon that changed it: passed on as
            // unknown rather than ending the conversation.
            self = .unknown(name, data: Self.rawData(container))
        }
    }

    /// The data as the daemon sent it, whatever its shape (null when there is none).
    private static func rawData(_ container: KeyedDecodingContainer<CodingKeys>) -> JSONValue {
        (try? container.decodeIfPresent(JSONValue.self, forKey: .data)) ?? .null
    }
}
