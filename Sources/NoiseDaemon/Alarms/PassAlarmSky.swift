import Logging
import NoiseAlarms
import NoiseProtocol
import NoiseTime
import Orbits

/// Pass alarms' view of the sky: where it is read from, the last reading (the sky, why there is none, or that the
/// place is only the time zone's city), the line last logged about it, and each pass alarm's next pass as `alarm
/// list` shows it. The scheduler reads the source off the cooperative pool, at start and when a watched file
/// changes, and hands the reading here; this says whether the schedule must take a new sky and what to log.
struct PassAlarmSky {
    /// A reading whose sky is not the one in use: the schedule takes `sky`, and `said` goes to the log.
    struct Change: Equatable {
        var sky: SatelliteSky?
        var said: Said?
    }

    /// A line for the log, at its level.
    struct Said: Equatable {
        var level: Logger.Level
        var message: String
    }

    /// Where the elements and the observer are read; nil: pass alarms have none.
    let source: (any SkySource)?
    /// The last reading; its sky is the schedule's (a new one is handed on by `take`).
    private(set) var reading: SkyReading
    /// The sky's line last logged at info (how many satellites, over which place): a download that brings new sets
    /// for the same satellites is logged at debug level, not again at info for each write.
    private var infoSaid: String?
    /// Each pass alarm's next pass, for the trigger it was found for (finding one takes milliseconds).
    private var passes: [Int64: (trigger: Double, pass: SatellitePass?)] = [:]

    init(source: (any SkySource)?, reading: SkyReading) {
        self.source = source
        self.reading = reading
    }

    /// Keeps a new reading; nil when its sky is the one in use, else the new sky (pass alarms' passes are found
    /// again) and what to log.
    mutating func take(_ new: SkyReading) -> Change? {
        let differs = new.sky != reading.sky
        reading = new
        guard differs else { return nil }
        passes = [:]
        var said: Said?
        if let sky = new.sky {
            let place = "\(sky.observer.latitude), \(sky.observer.longitude)" + (new.note.map { " (\($0))" } ?? "")
            let line = "alarms: pass alarms use the elements of \(sky.elements.count) satellite(s) over \(place)"
            said = Said(level: line == infoSaid ? .debug : .info, message: line)
            infoSaid = line
        } else if let problem = new.problem {
            infoSaid = nil
            said = Said(level: .notice, message: "alarms: pass alarms have no passes: \(problem)")
        }
        return Change(sky: new.sky, said: said)
    }

    /// A pass alarm's next pass (the one `trigger` is for), or why it has none; nil for other alarms.
    mutating func nextPass(
        of alarm: Alarm, trigger: Double?, now: Double, zone: ZoneRules
    ) -> (pass: PassInfo?, problem: String?) {
        guard let rule = alarm.pass else { return (nil, nil) }
        guard let sky = reading.sky else { return (nil, reading.problem ?? "no orbital elements yet") }
        guard let trigger else {
            if let problem = rule.elementsProblem(at: now, in: sky) { return (nil, problem) }
            return (
                nil,
                alarm.enabled
                    ? "no pass at least \(rule.minElevationDeg.formatted)° up"
                        + (rule.visibleOnly ? " and visible" : "") + " in the next 10 days" : nil
            )
        }
        let pass: SatellitePass?
        if let cached = passes[alarm.id], cached.trigger == trigger {
            pass = cached.pass
        } else {
            pass = rule.pass(ringingAt: trigger, in: sky)
            passes[alarm.id] = (trigger, pass)
        }
        return (pass.map { PassInfo($0, zone: zone) }, nil)
    }
}
