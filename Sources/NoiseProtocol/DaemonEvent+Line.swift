import NoiseCore

extension DaemonEvent {
    /// The event as the daemon's own line (`{"data":…,"event":…}`), encoded the one way events are
    /// (`Replies.event`): what a relay such as noiseweb passes on. An unknown event keeps only its name.
    public func line() throws -> [UInt8] {
        switch self {
        case .hello(let data): try Replies.event(name, data: data)
        case .playback(let data): try Replies.event(name, data: data)
        case .audio(let data): try Replies.event(name, data: data)
        case .catalog(let data): try Replies.event(name, data: data)
        case .alarmRinging(let data), .alarmSnoozed(let data), .alarmDismissed(let data): try Replies.event(name, data: data)
        case .alarmMissed(let data): try Replies.event(name, data: data)
        case .nextAlarm(let data): try Replies.event(name, data: data)
        case .alarmsChanged(let data): try Replies.event(name, data: data)
        case .missedCleared(let data): try Replies.event(name, data: data)
        case .mixes(let data): try Replies.event(name, data: data)
        case .habits(let data): try Replies.event(name, data: data)
        case .habitTapped(let data): try Replies.event(name, data: data)
        case .gratitudeSaved(let data): try Replies.event(name, data: data)
        case .gratitudeImported(let data): try Replies.event(name, data: data)
        case .lifeChanged(let data): try Replies.event(name, data: data)
        case .gratitudeReminder(let data): try Replies.event(name, data: data)
        case .disconnected(let data): try Replies.event(name, data: data)
        case .unknown(_, let data): try Replies.event(name, data: data)
        }
    }
}
