import Testing

@testable import LifeCalendar
@testable import NoiseCore
@testable import NoiseProtocol
@testable import NoiseTime

/// The life calendar's requests: each decodes to its command, and each mistake is refused naming what is accepted.
@Suite("Life commands")
struct LifeCommandTests {
    func command(_ text: String) throws -> any DaemonCommand {
        try RequestDecoder.decode(Array(text.utf8)).get().command
    }

    func refusal(_ text: String) -> String {
        switch RequestDecoder.decode(Array(text.utf8)) {
        case .success(let request): "accepted: \(request.command)"
        case .failure(let failure): failure.error.message
        }
    }

    @Test func everyLifeCommandDecodes() throws {
        let day = try LocalDate.parse("2026-11-27")
        #expect(try command(#"{"cmd":"life_show"}"#) == Commands.LifeShow())
        #expect(
            try command(#"{"cmd":"life_set","args":{"birth":"1990-01-01"}}"#)
                == Commands.LifeSet(birth: try LocalDate.parse("1990-01-01"), years: 80))
        #expect(
            try command(#"{"cmd":"habit_add","args":{"name":"Reading","minutes":15}}"#)
                == Commands.HabitAdd(name: "Reading", minutes: 15))
        for (sign, value) in [("+", 1), ("plus", 1), ("-", -1), ("minus", -1)] {
            #expect(
                try command(#"{"cmd":"habit_tap","args":{"name":"Reading","sign":"\#(sign)"}}"#)
                    == Commands.HabitTap(name: "Reading", sign: value))
        }
        #expect(try command(#"{"cmd":"habit_stats"}"#) == Commands.HabitStats(weeks: 12))
        #expect(
            try command(#"{"cmd":"habit_today","args":{"date":"2026-11-27"}}"#)
                == Commands.HabitToday(date: day, before: nil, limit: LifeLimits.habitDayLatestTaps))
        #expect(
            try command(#"{"cmd":"habit_today","args":{"before":9,"limit":1000}}"#)
                == Commands.HabitToday(date: nil, before: 9, limit: 1000))
        #expect(
            try command(#"{"cmd":"gratitude_write","args":{"text":"Rain","mode":"append"}}"#)
                == Commands.GratitudeWrite(text: "Rain", date: nil, mode: .append))
        #expect(
            try command(
                #"{"cmd":"gratitude_import","args":{"entries":[{"date":"2026-11-27","text":"Rain","saved_at":5}]}}"#)
                == Commands.GratitudeImport(
                    entries: [GratitudeEntry(date: day, text: "Rain", savedAt: 5)], stage: nil, last: false))
        #expect(
            try command(#"{"cmd":"gratitude_import","args":{"entries":[],"stage":"a","last":true}}"#)
                == Commands.GratitudeImport(entries: [], stage: "a", last: true))
        #expect(throws: (any Error).self) {
            try command(#"{"cmd":"gratitude_import","args":{"entries":[],"last":true}}"#)
        }
        #expect(throws: (any Error).self) {
            try command(#"{"cmd":"gratitude_import","args":{"entries":[],"stage":""}}"#)
        }
    }

    @Test func mistakesSayWhatIsAccepted() {
        #expect(
            refusal(#"{"cmd":"life_set","args":{"birth":"1990-02-30"}}"#).contains("February 1990 has days 01 to 28"))
        #expect(
            refusal(#"{"cmd":"life_set","args":{"birth":"1990-01-01","years":151}}"#).contains(
                "a whole number from 1 to 150 years"))
        #expect(refusal(#"{"cmd":"life_set"}"#).contains("life_set needs 'birth'"))
        #expect(refusal(#"{"cmd":"habit_add","args":{"name":"Reading"}}"#).contains("needs 'minutes'"))
        #expect(refusal(#"{"cmd":"habit_add","args":{"name":"Reading","minutes":1441}}"#).contains("1 to 1440 minutes"))
        #expect(refusal(#"{"cmd":"habit_add","args":{"name":"  ","minutes":5}}"#).contains("is empty"))
        #expect(
            refusal(#"{"cmd":"habit_tap","args":{"name":"Reading","sign":"x"}}"#).contains(
                "\"plus\" (or \"+\") or \"minus\""))
        #expect(refusal(#"{"cmd":"habit_stats","args":{"weeks":0}}"#).contains("1 to 104 weeks"))
        #expect(refusal(#"{"cmd":"gratitude_write","args":{"text":"  "}}"#).contains("cannot be empty"))
        #expect(
            refusal(#"{"cmd":"gratitude_write","args":{"text":"a","mode":"maybe"}}"#).contains(
                "\"new\", \"replace\", \"append\""))
        #expect(refusal(#"{"cmd":"gratitude_search","args":{"words":"!!"}}"#).contains("at least one word"))
        #expect(
            refusal(
                #"{"cmd":"gratitude_import","args":{"entries":[{"date":"2026-11-27","text":"a"},{"date":"2026-11-27","text":"b"}]}}"#
            )
            .contains("entry 2: 2026-11-27 is in the list twice"))
        #expect(
            refusal(#"{"cmd":"gratitude_import","args":{"entries":[{"day":"2026-11-27"}]}}"#).contains(
                "has no argument 'day'"))
    }

    @Test func statsAddUpEachDayAndEachHabit() throws {
        let from = try LocalDate.parse("2026-11-21")
        let taps = [
            HabitTap(id: 1, habit: "Reading", at: 0, day: from, minutes: 15),
            HabitTap(id: 2, habit: "reading", at: 0, day: from.adding(days: 6), minutes: 15),
            HabitTap(id: 3, habit: "Scrolling", at: 0, day: from.adding(days: 6), minutes: -10),
            HabitTap(id: 4, habit: "Reading", at: 0, day: from.adding(days: 7), minutes: 15),
        ]
        let stats = HabitStats(
            habits: [Habit(name: "Reading", minutes: 15), Habit(name: "Walk", minutes: 20)], taps: taps,
            from: from, through: from.adding(days: 6))
        #expect(stats.days.map(\.minutes) == [15, 0, 0, 0, 0, 0, 5] && stats.minutes == 20)
        #expect(
            stats.habits.map(\.name) == ["Reading", "Walk", "Scrolling"], "a habit tapped then removed still counts")
        #expect(stats.habits[0].daily == [15, 0, 0, 0, 0, 0, 15] && stats.habits[0].plus == 2)
        #expect(stats.habits[2].minus == 1 && stats.habits[1].minutes == 0)
        #expect(HabitStats.sparkline([0, 7, 14]) == "▁▅█" && HabitStats.sparkline([3, 3]) == "▁▁")
        #expect(HabitStats.sparkline([-10, 0, 10]) == "▁▅█")
    }

    @Test func theDiaryExportsAsMarkdownAndCSV() throws {
        let entries = [
            GratitudeEntry(date: try LocalDate.parse("2026-11-26"), text: "Plain", savedAt: 0),
            GratitudeEntry(date: try LocalDate.parse("2026-11-27"), text: "Said \"yes\", twice\nand more", savedAt: 1),
        ]
        #expect(
            DiaryExport.markdown(entries)
                == "# Gratitude diary\n\n## 2026-11-26\n\nPlain\n\n## 2026-11-27\n\nSaid \"yes\", twice\nand more\n")
        #expect(
            DiaryExport.csv(entries) == "date,text,saved_at\r\n2026-11-26,Plain,1970-01-01T00:00:00+00:00\r\n"
                + "2026-11-27,\"Said \"\"yes\"\", twice\nand more\",1970-01-01T00:00:01+00:00\r\n")
    }
}
