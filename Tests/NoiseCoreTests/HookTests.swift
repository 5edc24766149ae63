import Testing

@testable import NoiseAlarms
@testable import NoiseConfig
@testable import NoiseCore
@testable import NoiseHome
@testable import NoiseProtocol
@testable import NoiseTime

/// noisehome's hooks (docs/home.md, "Hooks"): `[hooks]` in config.toml, which event runs which program with what,
/// and how many run at once.
@Suite("Hooks")
struct HookTests {
    @Test func theConfigTakesAnArgvPerEventWithTheProgramAnAbsolutePath() {
        let text = """
            [hooks]
            dawn_started = ["~/bin/lights", "up", "--slowly"]
            timer_done = ["/usr/bin/notify-send", "Tea"]
            timeout = "30s"
            max_running = 2
            """
        let result = ConfigFile.read(Array(text.utf8), home: "/home/ada")
        #expect(result.problems.isEmpty)
        #expect(
            result.settings.hooks.programs == [
                "dawn_started": ["/home/ada/bin/lights", "up", "--slowly"],
                "timer_done": ["/usr/bin/notify-send", "Tea"],
            ])
        #expect(result.settings.hooks.timeoutSeconds == 30 && result.settings.hooks.maxRunning == 2)
    }

    @Test(arguments: [
        ("alarm_ringing = \"curl -X POST http://lights\"", "an array of strings"),
        ("alarm_ringing = []", "an array of strings"),
        ("alarm_ringing = [\"curl\", \"-X\"]", "'curl' is not an absolute path: a hook runs no shell and no $PATH"),
        ("alarm_exploded = [\"/bin/true\"]", "unknown key"),
        ("max_running = 0", "an integer 1 to 32"),
    ])
    func aBadHookIsRefusedWithWhatIsAccepted(line: String, says: String) {
        let result = ConfigFile.read(Array("[hooks]\n\(line)\n".utf8), home: "/home/ada")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.description.contains(says) == true, "\(result.problems)")
    }

    static let zone = ZoneRules.utc

    static func info(_ alarm: Alarm) -> AlarmInfo {
        AlarmInfo(
            alarm: alarm, nextTrigger: nil, snoozedUntil: nil, ringing: true,
            ringingSince: TriggerInfo(unix: 1_795_762_800, zone: zone))
    }

    @Test func anAlarmsRingRunsItsHookWithItsLineAndVariablesAndATimersRingIsTimerDone() {
        var settings = HookSettings()
        settings.programs = ["alarm_ringing": ["/bin/cat"], "timer_done": ["/bin/true"]]
        let alarm = Alarm(id: 7, time: TimeOfDay(hour: 7, minute: 0), label: "Work")
        let line = Array(#"{"data":{},"event":"alarm_ringing"}"#.utf8)
        let call = HookCall.of(.alarmRinging(Self.info(alarm)), line: line, settings: settings)
        #expect(call?.argv == ["/bin/cat"] && call?.input == line + [0x0A])
        #expect(
            call?.environment == [
                "NOISECLOCK_EVENT": "alarm_ringing", "NOISECLOCK_ALARM_ID": "7", "NOISECLOCK_ALARM_LABEL": "Work",
                "NOISECLOCK_RING_AT": "2026-11-27T07:00:00+00:00",
            ])
        let timer = Alarm(id: 8, rule: .instant(1_795_762_800, localTime: TimeOfDay(hour: 7, minute: 0)))
        #expect(HookCall.of(.alarmRinging(Self.info(timer)), line: line, settings: settings)?.hook == "timer_done")
        #expect(HookCall.of(.alarmSnoozed(Self.info(alarm)), line: line, settings: settings) == nil, "none set")
        #expect(HookCall.of(.mixes(MixList(mixes: [])), line: line, settings: settings) == nil, "no hook for it")
    }

    @Test func atMostMaxRunningRunAndTheRestWaitInOrderUntilTheQueueIsFull() {
        var queue = HookQueue<Int>(maxRunning: 2, maxWaiting: 3)
        #expect(queue.offer(1) == 1 && queue.offer(2) == 2)
        #expect(queue.offer(3) == nil && queue.offer(4) == nil && queue.offer(5) == nil)
        #expect(queue.offer(6) == nil && queue.dropped == 1, "the fourth waiting is dropped and counted")
        #expect(queue.finished() == 3 && queue.running == 2)
        #expect(queue.finished() == 4 && queue.finished() == 5)
        #expect(queue.finished() == nil && queue.running == 1)
        #expect(queue.finished() == nil && queue.running == 0)
        #expect(queue.offer(7) == 7)
    }

    @Test func aThousandEventsInABurstLoseNoneWithinTheLimit() {
        var queue = HookQueue<Int>(maxRunning: 4, maxWaiting: HookSettings.maxWaiting)
        var started = (0..<1000).compactMap { queue.offer($0) }
        #expect(started == [0, 1, 2, 3] && queue.running == 4)
        while let next = queue.finished() { started.append(next) }
        #expect(started == Array(0..<1000) && queue.dropped == 0)
    }
}
