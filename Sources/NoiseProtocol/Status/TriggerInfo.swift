import NoiseTime

/// An instant as the protocol shows it: Unix seconds and local time with its offset.
public struct TriggerInfo: Sendable, Equatable, Codable {
    public var unix: Int64
    /// ISO 8601 with the numeric offset in effect then: `2026-11-23T07:00:00+01:00`.
    public var local: String

    public init(unix: Int64, zone: ZoneRules) {
        self.unix = unix
        self.local = ISO8601.format(unix: unix, offsetSeconds: zone.offset(at: unix))
    }
}
