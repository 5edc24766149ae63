import NoiseAlarms
import NoiseProtocol

/// Pass alarms' sky (`PassAlarmSky`) carried out: read again when a watched file changes (the elements, the
/// config), and handed to the schedule when it changed.
extension AlarmScheduler {
    /// Reads the sky again; when it changed, pass alarms' next triggers are found again, from now on.
    func refreshSky() async {
        guard let source = sky.source else { return }
        let reading = await FileWork.run { source.read() }
        guard let change = sky.take(reading) else { return }
        if let said = change.said { logger.log(level: said.level, "\(said.message)") }
        await perform(schedule.setSky(change.sky, now: now()))
        // The pass alarms' next passes changed with the sky.
        changed(schedule.alarms.values.filter { $0.pass != nil }.map(\.id).sorted())
    }

    /// The satellites the pass alarms that are on ring for: their elements are kept fresh.
    func passSatellites() -> Set<Int> {
        Set(schedule.alarms.values.filter(\.enabled).compactMap { $0.pass?.satellite })
    }
}
