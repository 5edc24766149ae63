import ArgumentParser
import ClockFace
import LifeCalendar
import MarsTime
import NoiseAlarms
import NoiseConfig
import NoiseCore
import NoiseProtocol
import NoiseTime
import Testing

@testable import NoisectlCommands

/// Option values read once, as the command line is read: each arrives in the command parsed, and a bad one is a
/// usage error naming what was wrong and what is accepted.
extension NoisectlParsingTests {
    /// 2024-11-23T15:00:00Z.
    static let instant = 1_732_374_000.0

    @Test func repeatAndPassOptionsArriveParsed() throws {
        let add = try #require(try parse("alarm add 7:00 --repeat mon-wed --volume 40") as? AlarmCommand.Add)
        #expect(
            add.settings.repeat == RepeatChoice(rule: RepeatRule([.monday, .tuesday, .wednesday]), saysSols: false))
        #expect(
            add.settings.changes.repeat == RepeatRule([.monday, .tuesday, .wednesday])
                && add.settings.changes.volume == 40)
        let sols = try #require(try parse("alarm add 7:00 --mars gale --repeat sols") as? AlarmCommand.Add)
        #expect(sols.settings.repeat?.saysSols == true && sols.settings.repeat?.rule == .daily)
        let edit = try #require(try parse("alarm edit 3 --repeat weekends") as? AlarmCommand.Edit)
        #expect(edit.settings.changes.repeat == .weekends)
        let pass = try #require(try parse("alarm add --iss --before 90s --min-elevation 20") as? AlarmCommand.Add)
        #expect(pass.pass.alarm()?.leadSeconds == 90 && pass.pass.alarm()?.minElevationDeg == 20)
        #expect(pass.pass.alarm()?.satellite == PassAlarm.iss)
    }

    @Test func instantsArriveParsed() throws {
        let stamp = "2024-11-23T10:00:00-05:00"
        #expect(try #require(try parse("iss passes --from \(stamp)") as? IssPasses).from == Self.instant)
        #expect(try #require(try parse("iss now --time \(stamp)") as? IssNow).time == Self.instant)
        #expect(try #require(try parse("iss map --time \(stamp)") as? IssMap).view.time == Self.instant)
        #expect(try #require(try parse("mars --at \(stamp)") as? MarsShow).at == Self.instant)
        #expect(try #require(try parse("mars when 07:00 --from \(stamp)") as? MarsWhen).from == Self.instant)
        #expect(try #require(try parse("world show --at \(stamp)") as? World.Show).at == Self.instant)
        #expect(try #require(try parse("alarm when 07:00 --from \(stamp)") as? AlarmWhen).from == Self.instant)
    }

    @Test func placesArriveParsed() throws {
        let set = try #require(try parse("location set 51.5074N,0.1278W,35 --name London") as? LocationSet)
        #expect(set.coordinates.position.latitude == 51.5074 && set.coordinates.position.longitude == -0.1278)
        #expect(set.coordinates.position.heightKm == 0.035)
        let passes = try #require(try parse("iss passes --at -33.87,151.21") as? IssPasses)
        #expect(passes.satellite.at?.position.latitude == -33.87 && passes.satellite.at?.position.longitude == 151.21)
        let when = try #require(try parse("alarm when --iss --at 51.5,-0.1") as? AlarmWhen)
        #expect(when.at?.position.longitude == -0.1)
        let site = try #require(try parse("mars --site jezero") as? MarsShow)
        #expect(site.place.given == "jezero" && site.place.site?.location.longitude.east == 77.4508)
        let lon = try #require(try parse("mars when 07:00 --lon 137.4E") as? MarsWhen)
        #expect(lon.place.given == "137.4E" && lon.place.lon?.location.longitude.east == 137.4)
        let clock = try #require(try parse("clock --mars gale") as? Clock)
        #expect(clock.mars?.clock(solar: false).site == "curiosity")
    }

    @Test func zonesArriveParsed() throws {
        let when = try #require(try parse("alarm when 02:30 --repeat daily --zone America/New_York") as? AlarmWhen)
        #expect(
            when.zone?.identifier == "America/New_York" && when.rule == .daily
                && when.time == TimeOfDay(hour: 2, minute: 30))
        let add = try #require(try parse("world add Europe/Berlin Asia/Kolkata") as? WorldAdd)
        #expect(add.checked.value == ["Europe/Berlin", "Asia/Kolkata"])
        let show = try #require(try parse("world show Asia/Tokyo") as? World.Show)
        #expect(show.given.value.map(\.identifier) == ["Asia/Tokyo"])
        let clock = try #require(try parse("clock --analog --zone Asia/Kolkata") as? Clock)
        #expect(clock.zone?.identifier == "Asia/Kolkata")
    }

    @Test func datesAndNamesArriveParsed() throws {
        let day = try LocalDate(year: 2024, month: 2, day: 29)
        let birth = try #require(try parse("life set --birth 1990-01-31 --years 90") as? LifeSet)
        #expect(try birth.birth == LocalDate(year: 1990, month: 1, day: 31) && birth.years == 90)
        let life = try #require(try parse("life --birth 1990-01-31 --today 2024-02-29 --size 80x24") as? LifeShow)
        #expect(try life.life.birth == LocalDate(year: 1990, month: 1, day: 31) && life.life.todayDate == day)
        #expect(life.size == TerminalSize(columns: 80, rows: 24))
        #expect(try #require(try parse("habit today --date 2024-02-29") as? HabitCommand.Today).date == day)
        #expect(
            try #require(try parse("gratitude write --date 2024-02-29 Thanks") as? GratitudeCommand.Write).date == day)
        #expect(try #require(try parse("gratitude show 2024-02-29") as? GratitudeCommand.Show).date == day)
        #expect(try #require(try parse("gratitude list --since 2024-02-29") as? GratitudeCommand.List).since == day)
        #expect(try #require(try parse("gratitude export --format csv") as? GratitudeCommand.Export).format == .csv)
        #expect(try #require(try parse("mix save night") as? MixCommand.Save).name == "night")
        #expect(try #require(try parse("mix remove night") as? MixCommand.Remove).name == "night")
        #expect(try #require(try parse("habit add Reading --minutes 10") as? HabitCommand.Add).name == "Reading")
        #expect(try #require(try parse("habit remove Reading") as? HabitCommand.Remove).name == "Reading")
    }

    @Test func clockAndVolumeValuesArriveParsed() throws {
        let clock = try #require(
            try parse(
                "clock --once --color red --background #102030 --theme night --size 60x20 --at 2026-09-07T07:05:09")
                as? Clock)
        let (red, dark) = (try TerminalColor(parsing: "red"), try TerminalColor(parsing: "#102030"))
        #expect(clock.color == red && clock.background == dark)
        #expect(clock.theme == .night && clock.size == TerminalSize(columns: 60, rows: 20))
        #expect(clock.atParts.value?.hour == 7 && clock.atParts.value?.minute == 5)
        #expect(clock.changes.contains { $0.key == "clock.theme" && $0.value == .string("night") })
        let down = try #require(try parse("volume -5 --sound rain") as? Volume)
        #expect(down.request.value == Commands.Volume(change: -5, sound: "rain"))
    }

    @Test(arguments: [
        (
            "alarm add 7:00 --repeat funday",
            "The value 'funday' is invalid for '--repeat <repeat>': repeat 'funday': 'funday' is not a day"
        ),
        ("alarm edit 3 --repeat mon-", "a day is missing; use once, daily, weekdays"),
        ("alarm add 7:00 --repeat sols", "--repeat sols is for alarms on Mars time"),
        ("alarm add --iss --before 3h", "--before must be 0 s to 2 h"),
        ("alarm add --iss --min-elevation 91", "--min-elevation must be 0 to 90 degrees"),
        ("alarm when 07:00 --repeat often", "repeat 'often': 'often' is not a day"),
        (
            "alarm when 07:00 --from tomorrow",
            "'tomorrow' is not an ISO-8601 instant with an offset; use 2024-11-23T15:00:00Z"
        ),
        (
            "alarm when 07:00 --zone Europe/Berln",
            "'--zone <zone>': unknown time zone 'Europe/Berln'; did you mean Europe/Berlin"
        ),
        ("alarm when --iss --at 91,0", "'--at <at>': latitude -90 to 90, longitude -180 to 180"),
        ("iss passes --from 2024-11-23", "'2024-11-23' is not an ISO-8601 instant with an offset"),
        ("iss passes --at london", "'london' is not LAT,LON or LAT,LON,METRES"),
        ("iss now --time now", "'--time <time>': 'now' is not an ISO-8601 instant"),
        ("iss compass --time 15:00", "'15:00' is not an ISO-8601 instant"),
        ("iss map --once --size big", "'big' is not a size; give COLUMNSxROWS"),
        ("mars --at noon", "'--at <at>': 'noon' is not an ISO-8601 instant"),
        ("mars when 07:00 --from noon", "'noon' is not an ISO-8601 instant"),
        ("world show --at noon", "'noon' is not an ISO-8601 instant"),
        ("location set 51.5,200", "latitude -90 to 90, longitude -180 to 180 (east positive)"),
        ("location set 51.5", "'51.5' is not LAT,LON or LAT,LON,METRES"),
        ("life set --birth 1990-02-30", "'1990-02-30' is not a date (February 1990 has days 01 to 28)"),
        ("life set --birth 1990-01-01 --years 151", "give 1 to 150 years"),
        ("life --birth 1990-1-1", "'--birth <birth>': '1990-1-1' is not a date"),
        ("life --birth 1990-01-01 --today 2023-02-29", "--today: '2023-02-29' is not a date"),
        ("life --size 80by24", "'80by24' is not a size"),
        ("world add Europe/Berln Asia/Kolkatta", "did you mean Europe/Berlin"),
        ("world show Europe/Berln Asia/Kolkatta", "did you mean Asia/Kolkata"),
        ("mars --site jezro", "did you mean jezero?"),
        ("mars when 07:00 --lon 12N", "'12N' is not a longitude; use degrees east or west"),
        ("mars --lon 12E --site gale", "give --site or --lon, not both"),
        ("clock --mars jezro", "did you mean jezero"),
        ("clock --analog --zone Asia/Kolkatta", "did you mean Asia/Kolkata"),
        ("clock --color mauve", "unknown colour 'mauve'"),
        ("clock --background #12", "unknown colour '#12'"),
        ("clock --theme dusk", "unknown theme 'dusk'; accepted: terminal, night, day"),
        ("clock --size 80by24", "give COLUMNSxROWS"),
        ("clock --at yesterday", "--at: 'yesterday' is not a date and time"),
        (
            "habit today --date 2024-02-30",
            "'--date <date>': '2024-02-30' is not a date (February 2024 has days 01 to 29)"
        ),
        ("gratitude write --date 24-01-01 Thanks", "'24-01-01' is not a date"),
        ("gratitude show 2024-13-01", "'<date>': '2024-13-01' is not a date (months are 01 to 12)"),
        ("gratitude list --since yesterday", "'yesterday' is not a date"),
        ("gratitude export --format pdf", "--format must be markdown, json or csv, got 'pdf'"),
        ("mix save no/slash", "mix name 'no/slash'"),
        ("mix remove no/slash", "'/'"),
        ("habit remove " + String(repeating: "x", count: 200), "a name has 1 to"),
        ("volume +x", "a volume is 0 to 100, or +N / -N to change it"),
    ])
    func badValuesAreUsageErrorsThatSayWhatIsAccepted(line: String, expected: String) throws {
        let message = try #require(refusal(line), "\(line) was accepted")
        #expect(message.contains(expected), "\(line): \(message)")
    }
}
