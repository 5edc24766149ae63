import NoiseTime

/// An instant as the protocol shows it: Unix seconds (a Mars alarm's with milliseconds as a fraction) and local
/// time with its offset.
public struct TriggerInfo: Sendable, Equatable, Codable {
    public var unix: Double
    /// ISO 8601 with the numeric offset in effect then: `2026-11-23T07:00:00+01:00`.
    public var local: String

    public init(unix: Double, zone: ZoneRules) {
        self.unix = unix
        self.local = ISO8601.format(seconds: unix, offsetSeconds: zone.offset(at: Int64(unix.rounded(.down))))
    }
}
