import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseTime

/// What an alarm names outside itself, checked before it is stored: a sound given (one the alarm had is left
/// alone: a tone gone from the catalog rings the fallback), its zone (read from the tz database here, the one
/// place), the mix it starts when dismissed, and that a dated alarm is still to come.
extension AlarmScheduler {
    func check(_ alarm: Alarm, sound: String?, command: String) async throws(ProtocolError) {
        if let problem = alarm.ruleProblem { throw ProtocolError(.invalidArgument, "\(command): \(problem)") }
        try await checkSound(sound)
        if let zone = alarm.zone { try loadZone(zone, command: command) }
        if let mix = alarm.thenMix, let problem = await ringer.mixProblem(mix) {
            throw ProtocolError(problem.code, "\(command): then_mix: \(problem.message)")
        }
        if let mix = alarm.dawnMix, let problem = await ringer.mixProblem(mix) {
            throw ProtocolError(problem.code, "\(command): dawn_mix: \(problem.message)")
        }
        if alarm.enabled, case .onDate(let date, let time, let zone) = alarm.rule,
            alarm.rule.next(after: now(), in: schedule.context) == nil
        {
            let place = zone.map { " (\($0))" } ?? ""
            throw ProtocolError(
                .invalidArgument, "\(command): \(date) \(time)\(place) has passed; give a later date or time")
        }
    }

    func checkSound(_ id: String?) async throws(ProtocolError) {
        guard let id else { return }
        if let problem = await ringer.soundProblem(id) { throw problem }
    }

    /// Reads a zone an alarm names into the schedule, unless it is there; an unknown one is refused with close names.
    func loadZone(_ name: String, command: String) throws(ProtocolError) {
        guard schedule.namedZones[name] == nil else { return }
        do {
            schedule.setNamedZone(try zones.zone(named: name), for: name)
        } catch {
            throw ProtocolError(
                .invalidArgument, "\(command): " + ZoneName.unknownMessage(name, among: zones.identifiers()))
        }
    }

    /// At start: the zones the stored alarms name. One that cannot be read leaves its alarms without a trigger, said
    /// in the log (the tz database lost a zone since the alarm was set).
    func loadStoredZones() {
        for name in Set(schedule.alarms.values.compactMap(\.zone)).sorted() {
            do throws(ProtocolError) { try loadZone(name, command: "alarms") } catch {
                logger.error(
                    "alarms: zone \(name) cannot be read from the tz database; its alarms will not ring until it can: \(error.message)"
                )
            }
        }
    }

    /// A dismissed alarm with a mix after it starts that mix; a mix removed since is said in the log.
    func playAfterDismiss(_ alarmID: Int64) async {
        guard let mix = schedule.alarms[alarmID]?.thenMix else { return }
        if let problem = await ringer.playAfterAlarm(mix: mix) {
            logger.warning("alarm \(alarmID) dismissed; its mix '\(mix)' could not start: \(problem.message)")
        } else {
            logger.info("alarm \(alarmID) dismissed; playing its mix '\(mix)'")
        }
    }
}
