import NoiseCore
import NoiseTime

/// Reads zone rules from the system's tz database. One real implementation; the protocol lets tests and the
/// scheduler inject zones.
///
/// Calls block on the file system briefly (a few kilobytes per zone; `identifiers()` opens every file) and are safe
/// from any thread or task.
public protocol TimeZoneSource: Sendable {
    /// The rules for an IANA identifier ("Europe/Berlin"); throws a `ZoneRules.Failure` saying the zone is unknown
    /// (and, in the message, nothing else).
    func zone(named identifier: String) throws(ZoneRules.Failure) -> ZoneRules
    /// The system zone: `$TZ` if set (":Area/City", "Area/City", or a POSIX string like "EST5EDT,M3.2.0,M11.1.0"),
    /// else /etc/localtime (its identifier from the symlink target under zoneinfo/, or "localtime"), else UTC;
    /// and why it is UTC when `$TZ` or /etc/localtime names a zone that cannot be read (a typo, a zone file removed
    /// since): the daemon says so rather than ringing at UTC hours in silence. Never throws: like glibc, a `$TZ`
    /// that names nothing usable means UTC.
    func systemZoneReading() -> (rules: ZoneRules, problem: String?)
    /// Every identifier in the database (for suggestions on typos), from the zoneinfo folder (skip posix/, right/,
    /// and non-TZif files). Sorted.
    func identifiers() -> [String]
}

extension TimeZoneSource {
    public func systemZone() -> ZoneRules { systemZoneReading().rules }
}
