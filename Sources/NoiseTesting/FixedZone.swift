import NoiseCore
import NoiseSystem
import NoiseTime

/// A time zone source that always says UTC, whatever the machine's zone: an input, or a test, means the same
/// everywhere.
public struct FixedZone: TimeZoneSource {
    public var rules: ZoneRules = .utc

    public init() {}

    public func zone(named identifier: String) throws(ZoneRules.Failure) -> ZoneRules { rules }
    public func systemZoneReading() -> (rules: ZoneRules, problem: String?) { (rules, nil) }
    public func identifiers() -> [String] { [rules.identifier] }
}
