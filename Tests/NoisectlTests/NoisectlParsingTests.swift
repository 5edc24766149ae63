import ArgumentParser
import NoiseAlarms
import NoiseCore
import NoiseProtocol
import Testing

@testable import NoiseClient
@testable import NoisectlCommands

/// noisectl's command line read by argument-parser's own parser, as `noisectl` reads it, with no daemon: what a
/// command line becomes, and the usage errors (exit 2) that name what was wrong and what is accepted.
@Suite("noisectl's command line")
struct NoisectlParsingTests {
    /// The command the line parses to, as `NoisectlMain` parses it (shared options moved after the subcommand).
    func parse(_ line: String) throws -> any ParsableCommand {
        try Noisectl.parseAsRoot(GlobalOptions.movedAfterSubcommand(line.split(separator: " ").map(String.init)))
    }

    /// The usage error the line gets, as `noisectl` prints it; nil when it parses.
    func refusal(_ line: String) -> String? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            #expect(Noisectl.exitCode(for: error) == .validationFailure, "\(line): not a usage error")
            return Noisectl.message(for: error)
        }
    }

    @Test func sharedOptionsMayComeBeforeTheSubcommand() {
        #expect(GlobalOptions.movedAfterSubcommand(["--json", "status"]) == ["status", "--json"])
        #expect(
            GlobalOptions.movedAfterSubcommand(["--socket", "/s", "--json", "sounds", "import", "a.mp3"])
                == ["sounds", "import", "--socket", "/s", "--json", "a.mp3"])
        #expect(
            GlobalOptions.movedAfterSubcommand(["--socket=/s", "play", "rain"]) == ["play", "--socket=/s", "rain"])
        // After the whole path, however deep: before, `iss elements --json list`, which `elements` refused.
        #expect(
            GlobalOptions.movedAfterSubcommand(["--json", "iss", "elements", "list"]) == [
                "iss", "elements", "list", "--json",
            ])
        #expect(GlobalOptions.movedAfterSubcommand(["--json", "timer", "ls"]) == ["timer", "ls", "--json"])
        // Not before an unknown command: argument-parser's own message is the right one there.
        #expect(GlobalOptions.movedAfterSubcommand(["--json", "plya", "rain"]) == ["plya", "rain"])
    }

    @Test func playCarriesItsSoundsAndOptions() throws {
        let play = try #require(try parse("--json play rain fan --volume 60 --for 45m") as? Play)
        #expect(play.sounds == ["rain", "fan"] && play.volume == 60 && play.duration == 2700 && play.options.json)
        #expect(play.mix == nil)
        let mix = try #require(try parse("play @sleep") as? Play)
        #expect(mix.mix == "sleep")
    }

    @Test func bareNoisectlIsStatus() throws {
        #expect(try parse("") is Status)
    }

    @Test(arguments: [
        ("play rain --for 5", "5 has no unit: write 5s for seconds or 5m for minutes"),
        ("play rain --for 25h", "a timer's length must be from 1 s to 24 h, got 25h"),
        ("play rain --fade-in soon", "The value 'soon' is invalid for '--fade-in <duration>'"),
        ("play rain --until 25:99", "'25:99' is not a time of day"),
        ("alarm add 7:00 --mars jezro", "did you mean jezero"),
        ("alarm add 7:00 --mars 12N", "or a longitude"),
        ("alarm edit 3 --time noon", "is not a time of day"),
        ("play rain --volume 140", "--volume must be 0 to 100, got 140"),
        ("play rain --for 5m --until 23:30", "give --for or --until, not both"),
        ("play rain --fade-out 2m", "--fade-out applies to a sleep timer: give --for or --until too"),
        ("play @sleep --volume 50", "a mix plays at the volumes it was saved with"),
        ("play @sleep rain", "a mix (@NAME) plays alone"),
        ("volume 140", "volume must be 0 to 100, got 140"),
        ("volume +150", "a change of volume is -100 to +100, got +150"),
        ("volume loud", "a volume is 0 to 100, or +N / -N to change it"),
        ("timer 10", "has no unit"),
        // Issue 39: a bare number was seconds in these, "no unit" in `timer`; now the same everywhere.
        ("alarm add 07:00 --ramp 90", "90 has no unit: write 90s for seconds"),
        ("play rain --fade-in 2", "2 has no unit"),
        ("preview beep --for 3", "3 has no unit"),
        // Issue 39: the fraction was dropped without a word; issue 51: up to nanoseconds are read, more is refused.
        ("mars --at 2025-01-01T00:00:00.5000000001Z --lon 0", "gives 10 digits after the seconds; at most 9"),
        ("alarm edit 3", "nothing to change"),
    ])
    func badOptionsAreUsageErrorsThatSayWhatIsAccepted(line: String, expected: String) throws {
        let message = try #require(refusal(line), "\(line) was accepted")
        #expect(message.contains(expected), "\(line): \(message)")
    }

    @Test func anInstantKeepsItsMilliseconds() throws {
        let half = try #require(try parse("mars --at 2025-01-01T00:00:00.5Z --lon 0") as? MarsShow)
        #expect(half.at == 1_735_689_600.5)
        let millis = try #require(try parse("mars --at 2025-01-01T01:00:00.250+01:00 --lon 0") as? MarsShow)
        #expect(millis.at == 1_735_689_600.25)
    }

    /// Issue 51, item 19: Python's `isoformat()` (6 digits) and `date --iso-8601=ns` (9, after a comma) were
    /// refused; they are read, the milliseconds kept exactly and the rest rounded.
    @Test(arguments: [
        ("alarm when 07:00 --mars jezero --from 2024-06-03T07:00:00.001000+09:00", 1_717_365_600.001),
        ("alarm when 07:00 --mars jezero --from 2024-06-02T22:00:00,123456789+00:00", 1_717_365_600.123),
        ("alarm when 07:00 --mars jezero --from 2024-06-02T22:00:00.0005Z", 1_717_365_600.001),
        ("alarm when 07:00 --mars jezero --from 2024-06-02T21:59:59.9999999Z", 1_717_365_600),
    ])
    func anInstantAsPeopleWriteItIsReadToTheMillisecond(line: String, unix: Double) throws {
        let when = try #require(try parse(line) as? AlarmWhen)
        #expect(when.from == unix, "\(line)")
    }

    @Test func optionValuesArriveParsed() throws {
        let play = try #require(try parse("play rain --until 23:30 --fade-in 500ms --fade-out 2m") as? Play)
        #expect(play.until == TimeOfDay(hour: 23, minute: 30) && play.fadeIn == 0.5 && play.fadeOut == 120)
        let add = try #require(
            try parse("alarm add 7:30pm --mars jezero --ramp 90s --ring-for 5m") as? AlarmCommand.Add)
        #expect(add.when == ["7:30pm"])
        #expect(add.settings.ramp == 90 && add.settings.ringFor == 300)
        #expect(add.mars.clock()?.site == "perseverance")
        let lon = try #require(try parse("alarm add 07:00 --mars 137.4E --solar") as? AlarmCommand.Add)
        #expect(lon.mars.clock() == MarsAlarmClock(lonEastDeg: 137.4, solar: true))
        let dated = try #require(
            try parse("alarm add tomorrow 6:30 --zone Europe/Berlin --then @morning") as? AlarmCommand.Add)
        #expect(
            dated.when == ["tomorrow", "6:30"] && dated.settings.changes.zone == "Europe/Berlin"
                && dated.settings.changes.thenMix == "morning")
        let cleared = try #require(try parse("alarm edit 3 --date none --zone local --then none") as? AlarmCommand.Edit)
        #expect(
            cleared.settings.changes.date == .some(nil) && cleared.settings.changes.zone == ""
                && cleared.settings.changes.thenMix == "")
        let timer = try #require(try parse("timer 1h30m") as? TimerCommand.Start)
        #expect(timer.duration == 5400)
    }

    @Test func volumeReadsAChangeOrALevel() throws {
        let down = try #require(try parse("volume -5 --sound rain") as? Volume)
        #expect(try down.arguments == Commands.Volume(change: -5, sound: "rain"))
        let set = try #require(try parse("volume 40") as? Volume)
        #expect(try set.arguments == Commands.Volume(volume: 40, sound: nil))
        let show = try #require(try parse("volume") as? Volume)
        #expect(try show.arguments == nil)
    }

    @Test func failuresCarryTheDocumentedExitCodes() throws {
        #expect(ClientFailure.unreachable("x").exitCode == 3)
        #expect(ClientFailure.failed("x").exitCode == 1)
        #expect(ClientFailure.refused(ProtocolError(.unknownSound, "no sound 'x'")).exitCode == 1)
    }

    @Test func noDaemonIsExitCodeThreeWithHowToStartIt() throws {
        let path = "/nonexistent-\(UInt32.random(in: 0...UInt32.max))/noised.sock"
        do {
            _ = try DaemonConnection(path: path)
            Issue.record("connected to \(path)")
        } catch {
            #expect(error.exitCode == 3)
            #expect(error.message.contains("noised is not running (cannot connect to \(path)"), "\(error.message)")
            #expect(error.message.contains("systemctl --user start noised"))
        }
    }
}
