import NoiseAlarms
import NoiseProtocol

/// The holidays file carried out (docs/alarms.md, "Holidays"): read at start and again when a watched file changes
/// (the file itself, the config that names it), handed to the schedule when its days off changed. A file that cannot
/// be read, whole or in part, is logged and shown in `status`; what it could not say is not skipped.
extension AlarmScheduler {
    func refreshHolidays() async {
        guard let source = holidaySource else { return }
        let now = Int64(now())
        let reading = await FileWork.run { source.read(now: now) }
        guard reading != holidays else { return }
        holidays = reading
        logHolidays()
        let before = schedule.holidays
        schedule.setHolidays(reading.holidays)
        if schedule.holidays != before {
            changed(schedule.alarms.values.filter(\.skipHolidays).map(\.id).sorted())
        }
    }

    func logHolidays() {
        guard let info = holidays.info else { return }
        logger.info(
            "alarms: holidays from \(info.file): \(info.events) event(s), \(holidays.holidays.daysOff.count) day(s) off"
        )
        for problem in info.problems {
            logger.warning(
                "alarms: holidays file \(info.file): \(problem); alarms ring on the days it would have marked")
        }
    }
}
