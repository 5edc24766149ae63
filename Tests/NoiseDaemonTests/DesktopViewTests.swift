import NoiseCatalog
import NoiseCore
import Testing

@testable import NoiseAlarms
@testable import NoiseDBus
@testable import NoiseDaemon
@testable import NoiseProtocol
@testable import NoiseTime

/// What MPRIS, the notifications and the sleep inhibitor show, worked out from `status` alone.
@Suite("Desktop view")
struct DesktopViewTests {
    func status(
        _ state: PlaybackState, playing: [PlayingSound] = [], lastPlayed: [String] = [], volume: Double = 100,
        ringing: [AlarmInfo] = [], missed: [MissedInfo] = []
    ) -> StatusInfo {
        let playback = PlaybackInfo(
            state: state, masterVolume: volume, playing: playing, sleepTimer: nil,
            lastPlayed: lastPlayed)
        let alarms = AlarmsStatus(
            count: ringing.count, next: nil, ringing: ringing, missed: missed, timeZone: "UTC",
            wakeFromSuspend: false, wakeNote: nil, storeProblem: nil, timeZoneProblem: nil, timers: [])
        return StatusInfo(
            uptimeSeconds: 1, audio: AudioStatus(device: "null", state: .playing), playback: playback,
            catalog: CatalogSummary(sounds: 3, problems: []), alarms: alarms)
    }

    let rain = PlayingSound(id: "rain", name: "Heavy rain", volume: 70, state: .playing)
    let brown = PlayingSound(id: "brown-noise", name: "Brown noise", volume: 40, state: .fadingIn)
    let leaving = PlayingSound(id: "fan", name: "Fan", volume: 50, state: .fadingOut)

    @Test func oneSoundIsATrackThatCanStepToTheNextNoise() {
        let player = DesktopView.player(status(.playing, playing: [rain, leaving], volume: 30), names: { _ in nil })
        #expect(
            player
                == MPRISPlayer(
                    status: .playing, title: "Heavy rain", trackID: "/org/noiseclock/mix/rain",
                    volume: 0.3, canGoNext: true, canGoPrevious: true))
    }

    @Test func aMixIsOneTrackNamedAfterItsSoundsAndCannotStep() {
        let player = DesktopView.player(status(.playing, playing: [rain, brown]), names: { _ in nil })
        #expect(player.title == "Heavy rain + Brown noise")
        #expect(player.trackID == "/org/noiseclock/mix/rain/brown_noise")
        #expect(!player.canGoNext && !player.canGoPrevious)
    }

    @Test func aPausedMixKeepsItsTitleAndStoppedHasNoTrack() {
        let paused = DesktopView.player(
            status(.paused, lastPlayed: ["rain"]), names: { $0 == "rain" ? "Heavy rain" : nil })
        #expect(paused.status == .paused && paused.title == "Heavy rain" && !paused.canGoNext)
        let stopped = DesktopView.player(status(.stopped, lastPlayed: ["rain"]), names: { _ in "Heavy rain" })
        #expect(
            stopped
                == MPRISPlayer(
                    status: .stopped, title: nil, trackID: MPRISPlayer.noTrack, volume: 1,
                    canGoNext: false, canGoPrevious: false))
    }

    @Test func onlyTheChangedPropertiesAreSignalled() {
        let before = DesktopView.player(status(.playing, playing: [rain]), names: { _ in nil })
        let after = DesktopView.player(status(.playing, playing: [rain, brown], volume: 50), names: { _ in nil })
        #expect(after.changes(from: before) == ["Metadata", "Volume", "CanGoNext", "CanGoPrevious"])
        #expect(before.changes(from: before).isEmpty)
    }

    @Test func theInhibitorSaysWhatPlaysAndIsNotWantedOtherwise() {
        #expect(
            DesktopView.sleepBlockReason(status(.playing, playing: [rain, brown, leaving]))
                == "Playing Heavy rain, Brown noise")
        #expect(DesktopView.sleepBlockReason(status(.stopped, playing: [leaving])) == nil, "a fade-out is not playing")
        #expect(DesktopView.sleepBlockReason(status(.paused, lastPlayed: ["rain"])) == nil)
    }

    @Test func aRingingAlarmIsCriticalWithItsSnoozeLengthOnTheButton() {
        let alarm = Alarm(id: 4, time: TimeOfDay(hour: 7, minute: 30), label: "Work", snoozeMinutes: 7)
        let info = AlarmInfo(alarm: alarm, nextTrigger: nil, snoozedUntil: nil, ringing: true)
        let shown = DesktopView.ringing(info, audio: AudioStatus(device: "pulse", state: .playing))
        #expect(shown.summary == "Work" && shown.body == "Alarm 4 rings: 07:30")
        #expect(shown.urgency == .critical && shown.expireMilliseconds == 0)
        #expect(shown.actions.map(\.key) == ["snooze", "dismiss"])
        #expect(shown.actions.map(\.label) == ["Snooze 7 min", "Dismiss"])
        let silent = DesktopView.ringing(
            info, audio: AudioStatus(device: "pulse", state: .error, error: "no such device"))
        #expect(silent.body == "Alarm 4 rings: 07:30\nIt cannot be heard: no such device")
    }

    /// Issue 39: the body had neither the note nor, after a snooze, the time it rings now.
    @Test func aSnoozedRingSaysWhenItRingsNowAndTheNote() {
        let alarm = Alarm(id: 4, time: TimeOfDay(hour: 7, minute: 30), label: "Work", note: "take the keys")
        let since = TriggerInfo(unix: 1_795_737_600 + 7 * 3600 + 39 * 60, zone: .utc)
        let info = AlarmInfo(alarm: alarm, nextTrigger: nil, snoozedUntil: nil, ringing: true, ringingSince: since)
        let shown = DesktopView.ringing(info, audio: AudioStatus(device: "pulse", state: .playing))
        #expect(shown.body == "Alarm 4 rings: 07:39:00\ntake the keys")
    }

    @Test func aSnoozedAlarmKeepsANotificationWithDismiss() {
        let alarm = Alarm(id: 4, time: TimeOfDay(hour: 7, minute: 30), label: "Work", note: "take the keys")
        let until = TriggerInfo(unix: 1_795_737_600 + 7 * 3600 + 39 * 60, zone: .utc)
        let shown = DesktopView.snoozed(AlarmInfo(alarm: alarm, nextTrigger: nil, snoozedUntil: until, ringing: false))
        #expect(shown.summary == "Work" && shown.body == "Snoozed until 07:39:00\ntake the keys")
        #expect(shown.urgency == .normal && shown.expireMilliseconds == 0)
        #expect(shown.actions.map(\.key) == ["dismiss"])
    }

    @Test func aRingingPassAlarmSaysWhereAndWhenToLook() {
        let alarm = Alarm(id: 5, rule: .satellitePass(PassAlarm()), label: "ISS")
        let at = { (seconds: Double) in TriggerInfo(unix: 1_795_800_000 + seconds, zone: .utc) }
        let pass = PassInfo(
            rise: at(0), riseAzimuthDeg: 250, culmination: at(330), culminationAzimuthDeg: 200,
            maxElevationDeg: 53.6, set: at(660), setAzimuthDeg: 100, horizonRise: at(-90),
            horizonSet: at(750), visible: false, visibleFrom: nil, visibleUntil: nil, magnitude: nil)
        let info = AlarmInfo(alarm: alarm, nextTrigger: nil, snoozedUntil: nil, ringing: true, nextPass: pass)
        let shown = DesktopView.ringing(info, audio: AudioStatus(device: "pulse", state: .playing))
        #expect(shown.summary == "ISS")
        // Times to the second, even on the minute: 17:20:00, not 17:20.
        #expect(shown.body == "Alarm 5: the ISS rises at 17:20:00 in the WSW, highest 54° SSW at 17:25:30")
        var seen = info
        seen.nextPass?.visibleFrom = at(200.7)
        #expect(
            DesktopView.ringing(seen, audio: AudioStatus(device: "pulse", state: .playing)).body
                == "Alarm 5: the ISS rises at 17:20:00 in the WSW, highest 54° SSW at 17:25:30, visible from 17:23:20")
    }

    @Test func aMissedAlarmIsNormalUrgencyAndSaysWhy() {
        let missed = MissedInfo(
            alarmId: 2, label: "", trigger: TriggerInfo(unix: 19_884 * 86_400 + 7 * 3600, zone: .utc),
            reason: "suspended")
        let shown = DesktopView.missed(missed)
        #expect(shown.summary == "Missed: Alarm 2")
        #expect(shown.body == "2024-06-10 07:00 (the machine was asleep)")
        #expect(shown.urgency == .normal && shown.actions.isEmpty)
    }

    @Test func busAddressesAreReadAsSdBusReadsThem() throws {
        let listed = BusAddresses(environment: [
            "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=x;unix:path=/run/user/1000/b%20us,guid=ab",
            "XDG_RUNTIME_DIR": "/ignored",
        ])
        #expect(try listed.sockets[.session]?.get() == "/run/user/1000/b us")
        #expect(try listed.sockets[.system]?.get() == "/run/dbus/system_bus_socket")
        let fallback = BusAddresses(environment: [
            "XDG_RUNTIME_DIR": "/run/user/7", "DBUS_SYSTEM_BUS_ADDRESS": "tcp:host=x",
        ])
        #expect(try fallback.sockets[.session]?.get() == "/run/user/7/bus")
        #expect(throws: BusError.self) { try fallback.sockets[.system]?.get() }
        #expect(throws: BusError.self) { try BusAddresses(environment: [:]).sockets[.session]?.get() }
    }
}
