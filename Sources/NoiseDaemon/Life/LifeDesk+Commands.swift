import LifeCalendar
import NoiseCore
import NoiseProtocol
import NoiseTime

/// The life calendar's commands (docs/life.md): the life, habits and their taps, the gratitude diary.
extension LifeDesk {
    func register(in table: inout CommandTable) {
        table.on(Commands.LifeShow.self) { _ in try await show(today: moment().today) }
        table.on(Commands.LifeSet.self) { try await setLife($0) }
        table.on(Commands.HabitAdd.self) { try await addHabit($0.habit) }
        table.on(Commands.HabitRemove.self) { command in
            guard
                let removed = try await storing(
                    "the habit could not be removed", { try await $0.removeHabit(named: command.name) })
            else { throw try await unknownHabit(command.name, command: Commands.HabitRemove.name) }
            await publishHabits()
            return removed
        }
        table.on(Commands.HabitList.self) { _ in HabitList(habits: try await reading { try await $0.habits() }) }
        table.on(Commands.HabitTap.self) { command in
            let (now, today) = moment()
            guard
                let tap = try await storing(
                    "the tap could not be saved",
                    {
                        try await $0.tap(habit: command.name, sign: command.sign, at: now, day: today)
                    })
            else { throw try await unknownHabit(command.name, command: Commands.HabitTap.name) }
            return try await tapped(tap, undone: false)
        }
        table.on(Commands.HabitUndo.self) { _ in
            guard let tap = try await storing("the tap could not be taken back", { try await $0.undoLastTap() }) else {
                throw ProtocolError(.nothingToUndo, "habit_undo: there is no tap to take back")
            }
            return try await tapped(tap, undone: true)
        }
        table.on(Commands.HabitToday.self) {
            try await habitDay($0.date ?? moment().today, before: $0.before, limit: $0.limit)
        }
        table.on(Commands.HabitStats.self) { command in
            let today = moment().today
            let from = today.adding(days: -Int64(command.weeks * 7 - 1))
            let (habits, taps) = try await reading { store in
                (try await store.habits(), try await store.taps(from: from, through: today))
            }
            return HabitStats(habits: habits, taps: taps, from: from, through: today)
        }
        table.on(Commands.GratitudeWrite.self) { try await write($0) }
        table.on(Commands.GratitudeShow.self) { command in
            let day = command.date ?? moment().today
            return GratitudeShown(date: day, entry: try await reading { try await $0.entry(for: day) })
        }
        table.on(Commands.GratitudeList.self) { command in
            GratitudeEntries(
                entries: try await reading {
                    try await $0.entries(since: command.since, after: command.after, limit: command.limit)
                })
        }
        table.on(Commands.GratitudeSearch.self) { command in
            try await reading { try await $0.search(words: command.words) }
        }
        table.on(Commands.GratitudeExport.self) { command in
            GratitudeEntries(
                entries: try await reading {
                    try await $0.entries(since: nil, after: command.after, limit: command.limit)
                })
        }
        table.on(Commands.GratitudeImport.self) { try await importEntries($0) }
        table.on(Commands.GratitudeRemind.self) { command in
            switch command.change {
            case .show: await skippingWritten(await scheduler.reminderInfo())
            case .set(let time): await skippingWritten(try await scheduler.setReminder(time))
            case .off: try await scheduler.setReminder(nil)
            }
        }
    }

    private func setLife(_ command: Commands.LifeSet) async throws(ProtocolError) -> LifeInfo {
        let today = moment().today
        let life: LifeSpan
        do {
            life = try LifeSpan(birth: command.birth, years: command.years)
            _ = try life.figures(today: today)
        } catch {
            throw ProtocolError(.invalidArgument, "life_set: \(error)")
        }
        try await storing("the birth date could not be saved") { try await $0.setLife(life) }
        logger.info("life: the birth date and expectancy were set")
        let info = try await show(today: today)
        hub.publish(.lifeChanged(info))
        return info
    }

    func addHabit(_ habit: Habit) async throws(ProtocolError) -> Habit {
        switch try await storing("the habit could not be added", { try await $0.addHabit(habit) }) {
        case .added:
            await publishHabits()
            return habit
        case .exists(let existing):
            throw ProtocolError(
                .habitExists,
                "habit_add: there is a habit \"\(existing.name)\" already, worth "
                    + "\(existing.minutes) min; remove it first to change it")
        case .full:
            throw ProtocolError(
                .habitExists, "habit_add: \(LifeLimits.maxHabits) habits are kept already; remove one first")
        }
    }

    private func write(_ command: Commands.GratitudeWrite) async throws(ProtocolError) -> GratitudeSaved {
        let (now, today) = moment()
        let day = command.date ?? today
        if let problem = DiaryImport.futureProblem(day, today: today) {
            throw ProtocolError(.invalidArgument, "gratitude_write: \(problem)")
        }
        let (text, mode) = (command.text, command.mode)
        switch try await storing(
            "the entry could not be saved", { try await $0.writeEntry(text, day: day, at: now, mode: mode) })
        {
        case .exists(let entry):
            throw ProtocolError(
                .entryExists,
                "gratitude_write: \(day) has an entry already (saved "
                    + "\(ISO8601.format(seconds: entry.savedAt, offsetSeconds: 0))); send mode \"replace\" or \"append\""
            )
        case .tooLong(let problem):
            throw ProtocolError(.invalidArgument, "gratitude_write: with the text added, \(problem)")
        case .saved(let saved):
            hub.publish(.gratitudeSaved(saved))
            return saved
        }
    }

    private func importEntries(_ command: Commands.GratitudeImport) async throws(ProtocolError) -> GratitudeImported {
        let (now, today) = moment()
        // The command's decoder checked each entry and the days' repeats; the days after today are refused here,
        // where today is known, before anything is stored (the store imports the rest in one transaction).
        if let late = command.entries.enumerated().first(where: { $0.element.date > today }),
            let problem = DiaryImport.futureProblem(late.element.date, today: today)
        {
            throw ProtocolError(.invalidArgument, "gratitude_import: entry \(late.offset + 1): \(problem)")
        }
        var whole = command.entries
        if let stage = command.stage {
            guard let all = try await staging.add(command.entries, to: stage, last: command.last, now: now) else {
                return GratitudeImported(staged: await staging.count(stage))
            }
            whole = all
        }
        let imported = try await storing("the entries could not be imported") { [whole] in
            try await $0.importEntries(whole)
        }
        logger.info("life: imported gratitude entries (\(imported.added) added, \(imported.replaced) replaced)")
        hub.publish(.gratitudeImported(imported))
        return imported
    }
}
