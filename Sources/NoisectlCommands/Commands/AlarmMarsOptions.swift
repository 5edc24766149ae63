import ArgumentParser
import MarsTime
import NoiseAlarms

/// `--mars SITE|LONGITUDE [--solar]`: an alarm on a clock on Mars (docs/mars.md).
struct MarsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Ring at a Mars local time: a site (jezero, gale…) or a longitude (77.45E, 137.4).",
            valueName: "site"),
        completion: .list(MarsSite.all.map(\.id)), transform: MarsPlace.parse)
    var mars: MarsPlace?

    @Flag(help: "With --mars: local true solar time (LTST) instead of local mean solar time (LMST).")
    var solar = false

    func validate() throws {
        if solar && mars == nil { throw ValidationError("--solar goes with --mars SITE") }
    }

    /// `sols` (and its spellings): every sol, which only a Mars alarm has.
    static func meansSols(_ text: String) -> Bool {
        ["sols", "everysol"].contains(text.lowercased().filter { !$0.isWhitespace && $0 != "-" })
    }

    /// The clock, to compute with here (`alarm when`).
    func clock() -> MarsAlarmClock? {
        mars?.clock(solar: solar)
    }
}
