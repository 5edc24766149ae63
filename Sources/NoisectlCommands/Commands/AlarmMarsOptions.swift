import ArgumentParser
import MarsTime
import NoiseAlarms

/// `--mars SITE|LONGITUDE [--solar]`: an alarm on a clock on Mars (docs/mars.md).
struct MarsOptions: ParsableArguments {
    @Option(help: "Ring at a Mars local time: a site (jezero, gale…) or a longitude (77.45E, 137.4).",
            completion: .list(MarsSite.all.map(\.id)))
    var mars: String?

    @Flag(help: "With --mars: local true solar time (LTST) instead of local mean solar time (LMST).")
    var solar = false

    func validate() throws {
        if solar && mars == nil { throw ValidationError("--solar goes with --mars SITE") }
        if let mars, MarsLongitude(parsing: mars) == nil, case .failure(let problem) = MarsSite.named(mars) {
            throw ValidationError("--mars: \(problem.message); or a longitude, \(MarsLongitude.accepted)")
        }
    }

    /// `sols` (and its spellings): every sol, which only a Mars alarm has.
    static func meansSols(_ text: String) -> Bool {
        ["sols", "everysol"].contains(text.lowercased().filter { !$0.isWhitespace && $0 != "-" })
    }

    /// The clock, to compute with here (`alarm when`).
    func clock() throws -> MarsAlarmClock? {
        guard let mars else { return nil }
        if let longitude = MarsLongitude(parsing: mars) { return MarsAlarmClock(lonEastDeg: longitude.east, solar: solar) }
        do { return try MarsAlarmClock.at(site: mars, solar: solar) } catch { throw ValidationError("--mars: \(error.message)") }
    }
}
