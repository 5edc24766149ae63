import NoiseCore
/// The lines the daemon sends: replies and events. Encoding only; one line each, without the newline.
public enum Replies {
    struct Success<Payload: Encodable>: Encodable {
        var id: RequestID
        var ok = true
        var data: Payload
    }

    struct Failure: Encodable {
        var id: RequestID
        var ok = false
        var error: ProtocolError
    }

    struct EventLine<Payload: Encodable>: Encodable {
        var event: String
        var data: Payload
    }

    /// An empty object, the data of replies that have nothing to say.
    public struct Empty: Codable, Sendable, Equatable {
        public init() {}
    }

    public static func success(id: RequestID, data: some Encodable) throws -> [UInt8] {
        try JSONCoding.line(Success(id: id, data: data))
    }

    public static func failure(id: RequestID, error: ProtocolError) -> [UInt8] {
        // An error reply is strings and an id: it always encodes.
        (try? JSONCoding.line(Failure(id: id, error: error))) ?? Array(#"{"id":null,"ok":false}"#.utf8)
    }

    public static func event(_ name: String, data: some Encodable) throws -> [UInt8] {
        try JSONCoding.line(EventLine(event: name, data: data))
    }
}

/// The first line on every connection: who is speaking and which protocol version.
public struct Hello: Codable, Sendable, Equatable {
    public var name = "noised"
    public var version = Limits.version
    public var `protocol` = Limits.protocolVersion

    public init() {}
}

/// Names of the events a subscriber receives.
public enum EventName {
    public static let hello = "hello"
    /// What plays changed: data is a `PlaybackInfo`.
    public static let playback = "playback"
    /// The output device changed state: data is an `AudioStatus`.
    public static let audio = "audio"
    /// The sound catalog was reloaded or a sound imported: data is a `CatalogSummary`.
    public static let catalog = "catalog"
    /// An alarm started ringing: data is an `AlarmInfo`.
    public static let alarmRinging = "alarm_ringing"
    public static let alarmSnoozed = "alarm_snoozed"
    public static let alarmDismissed = "alarm_dismissed"
    /// An alarm was missed: data is a `MissedInfo`.
    public static let alarmMissed = "alarm_missed"
    /// The alarm that rings next changed: data is `{"alarm": AlarmInfo or null}`.
    public static let nextAlarm = "next_alarm"
}
