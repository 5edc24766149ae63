import NoiseCore
import NoiseDaemon
import NoiseTesting

@testable import NoiseAlarms
@testable import NoiseProtocol

/// Records every ring the scheduler asks for, with the clock's time when it asked.
actor SoakRinger: AlarmRinger {
    struct Ring: Sendable, Equatable, Comparable, CustomStringConvertible {
        var alarmID: Int64
        /// The trigger (or snooze end) the scheduler says it rings for.
        var trigger: Double
        /// When it rang, on the wall clock.
        var at: Double

        static func < (lhs: Ring, rhs: Ring) -> Bool { (lhs.at, lhs.alarmID) < (rhs.at, rhs.alarmID) }
        var description: String { "alarm \(alarmID) for \(trigger) at \(at)" }
    }

    private let clock: ManualWallClock
    private(set) var rings: [Ring] = []
    private(set) var stops = 0

    init(clock: ManualWallClock) {
        self.clock = clock
    }

    func prepareAlarmTone(alarm: Alarm, trigger: Double, readyWithin: Duration) {}
    func cancelPreparedTone() {}
    func startAlarmTone(alarm: Alarm, trigger: Double) -> RingReport {
        rings.append(Ring(alarmID: alarm.id, trigger: trigger, at: clock.now()))
        return RingReport(tone: ToneInfo(sound: alarm.sound, note: nil))
    }
    func stopAlarmTone() { stops += 1 }
    func soundProblem(_ id: String) -> ProtocolError? { nil }
    func mixProblem(_ name: String) -> ProtocolError? { nil }
    func playAfterAlarm(mix: String) -> ProtocolError? { nil }
    func playDawnSound(mix: String, over seconds: Double, volume: Double) -> ProtocolError? { nil }
}
