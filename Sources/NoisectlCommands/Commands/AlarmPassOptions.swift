import ArgumentParser
import NoiseAlarms
import NoiseCore

/// `--iss` (or `--satellite N`) `[--visible] [--min-elevation D] [--before 5m]`: an alarm before each pass of a
/// satellite over you (docs/satellites.md).
struct PassOptions: ParsableArguments {
    @Flag(help: "Ring before each pass of the ISS over you (its elements: noisectl iss elements).")
    var iss = false

    @Option(name: .customLong("satellite"), help: "Ring before each pass of this satellite instead, by catalog number.")
    var satellite: Int?

    @Flag(
        inversion: .prefixedNo, help: "Only passes you can see: sunlit, in a dark sky (rings before the visible part).")
    var visible: Bool?

    @Option(
        help:
            "Only passes at least this high, 0-90 degrees; a pass rises where it climbs through it (default \(PassAlarm.defaultMinElevation.formatted))."
    )
    var minElevation: Double?

    @Option(
        help: ArgumentHelp("Ring this long before the pass, e.g. 5m (default 5m; up to 2h).", valueName: "duration"),
        transform: OptionValue.duration)
    var before: Double?

    /// The catalog number asked for, if any.
    var wanted: Int? { satellite ?? (iss ? PassAlarm.iss : nil) }

    func validate() throws {
        if iss && satellite != nil { throw ValidationError("give --iss or --satellite N, not both") }
        if let satellite, !PassAlarm.satelliteRange.contains(satellite) {
            throw ValidationError(
                "--satellite: a catalog number, 1 to \(PassAlarm.satelliteRange.upperBound), got \(satellite)")
        }
        if let problem = changes.applied(to: PassAlarm()).problem { throw ValidationError("--" + problem) }
    }

    /// The values given, every one already read (`--before` as the command line was parsed).
    var changes: PassAlarmChanges {
        PassAlarmChanges(
            satellite: wanted, visibleOnly: visible, minElevationDeg: minElevation,
            leadSeconds: before)
    }

    /// Whether any pass option was given.
    var given: Bool { wanted != nil || visible != nil || minElevation != nil || before != nil }

    /// The pass alarm these options describe, to compute with here (`alarm when`).
    func alarm() -> PassAlarm? {
        guard let satellite = wanted else { return nil }
        return changes.applied(to: PassAlarm(satellite: satellite))
    }
}
