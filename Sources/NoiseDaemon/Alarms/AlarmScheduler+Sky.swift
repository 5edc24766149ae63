import NoiseAlarms
import NoiseProtocol
import NoiseTime
import Orbits

/// Pass alarms' view of the sky: read at start, read again when a watched file changes (the elements, the config),
/// and each pass alarm's next pass as `alarm list` shows it.
extension AlarmScheduler {
    /// Reads the sky again; when it changed, pass alarms' next triggers are found again, from now on.
    func refreshSky() async {
        guard let source = skySource else { return }
        let reading = await FileWork.run { source.read() }
        let differs = reading.sky != schedule.sky
        skyReading = reading
        guard differs else { return }
        if let sky = reading.sky {
            let place = "\(sky.observer.latitude), \(sky.observer.longitude)" + (reading.note.map { " (\($0))" } ?? "")
            let said = "alarms: pass alarms use the elements of \(sky.elements.count) satellite(s) over \(place)"
            logger.log(level: said == skySaid ? .debug : .info, "\(said)")
            skySaid = said
        } else if let problem = reading.problem {
            skySaid = nil
            logger.notice("alarms: pass alarms have no passes: \(problem)")
        }
        passes = [:]
        await perform(schedule.setSky(reading.sky, now: now()))
        // The pass alarms' next passes changed with the sky.
        changed(schedule.alarms.values.filter { $0.pass != nil }.map(\.id).sorted())
    }

    /// The satellites the pass alarms that are on ring for: their elements are kept fresh.
    func passSatellites() -> Set<Int> {
        Set(schedule.alarms.values.filter(\.enabled).compactMap { $0.pass?.satellite })
    }

    /// A pass alarm's next pass (the one `trigger` is for), or why it has none; nil for other alarms.
    func nextPass(of alarm: Alarm, trigger: Double?) -> (PassInfo?, String?) {
        guard let rule = alarm.pass else { return (nil, nil) }
        guard let sky = schedule.sky else { return (nil, skyReading.problem ?? "no orbital elements yet") }
        guard let trigger else {
            if let problem = rule.elementsProblem(at: now(), in: sky) { return (nil, problem) }
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
        return (pass.map { PassInfo($0, zone: schedule.zone) }, nil)
    }
}
