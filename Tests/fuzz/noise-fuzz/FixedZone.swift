import NoiseCore
import NoiseSystem
import NoiseTime

/// The rig's time zone: UTC, whatever the machine's, so an input means the same everywhere.
struct FixedZone: TimeZoneSource {
    var rules: ZoneRules = .utc
    func zone(named identifier: String) throws(ZoneRules.Failure) -> ZoneRules { rules }
    func systemZoneReading() -> (rules: ZoneRules, problem: String?) { (rules, nil) }
    func identifiers() -> [String] { [rules.identifier] }
}
