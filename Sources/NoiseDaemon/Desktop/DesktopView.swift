import NoiseAlarms
import NoiseCore
import NoiseDBus
import NoiseProtocol
import NoiseTime
import Orbits

/// What the desktop shows of the daemon's status, worked out from it alone: the MPRIS player, the alarm
/// notifications, the reason of the sleep inhibitor. Pure, so the rules are tested without a bus.
enum DesktopView {
    /// The MPRIS player for what plays (or is paused); `names` gives a sound's name by id, for a paused mix.
    static func player(_ status: StatusInfo, names: (String) -> String?) -> MPRISPlayer {
        let sounding = status.playing.filter { $0.state != .fadingOut }
        let shown: [(id: String, name: String)]
        let playback: MPRISPlayer.Status
        switch status.state {
        case .playing:
            (shown, playback) = (sounding.map { ($0.id, $0.name) }, .playing)
        case .paused:
            (shown, playback) = (status.lastPlayed.map { ($0, names($0) ?? $0) }, .paused)
        case .stopped:
            (shown, playback) = ([], .stopped)
        }
        return MPRISPlayer(
            status: playback,
            title: shown.isEmpty ? nil : shown.map(\.name).joined(separator: " + "),
            trackID: shown.isEmpty ? MPRISPlayer.noTrack : trackID(shown.map(\.id)),
            volume: min(1, max(0, status.masterVolume / 100)),
            canGoNext: sounding.count == 1, canGoPrevious: sounding.count == 1)
    }

    /// An object path naming the mix: `/org/noiseclock/mix/rain/brown_noise` (ids are letters, digits and '-').
    static func trackID(_ ids: [String]) -> String {
        "/org/noiseclock/mix/" + ids.map { $0.replacing("-", with: "_") }.joined(separator: "/")
    }

    /// Why the machine is kept awake: "Playing Heavy rain, Brown noise"; nil when nothing plays.
    static func sleepBlockReason(_ status: StatusInfo) -> String? {
        let names = status.playing.filter { $0.state != .fadingOut }.map(\.name)
        return status.state == .playing && !names.isEmpty ? "Playing " + names.joined(separator: ", ") : nil
    }

    // MARK: Notifications

    /// A ringing alarm's notification: critical, with Snooze (its own snooze length) and Dismiss; it stays until
    /// closed. Says when the alarm cannot be heard.
    static func ringing(_ alarm: AlarmInfo, audio: AudioStatus) -> DesktopNotification {
        // The time it rings now: after a snooze, the snooze's end, not the alarm's set time.
        let since = alarm.ringingSince.map(clock) ?? alarm.alarm.time.description
        var body = alarm.alarm.isTimer ? "Timer \(alarm.alarm.id) is done" : "Alarm \(alarm.alarm.id) rings: \(since)"
        if let pass = alarm.nextPass {
            body =
                "Alarm \(alarm.alarm.id): the \(alarm.alarm.pass?.satellite == PassAlarm.iss ? "ISS" : "satellite") rises at "
                + "\(clock(pass.rise)) in the \(LookAngles.compass(pass.riseAzimuthDeg)), highest "
                + "\(Int(pass.maxElevationDeg.rounded()))° \(LookAngles.compass(pass.culminationAzimuthDeg)) at \(clock(pass.culmination))"
                + (pass.visibleFrom.map { ", visible from \(clock($0))" } ?? "")
        }
        if let note = alarm.alarm.note, !note.isEmpty { body += "\n" + note }
        if audio.state == .error { body += "\nIt cannot be heard: \(audio.error ?? "the output device failed")" }
        return DesktopNotification(
            summary: title(alarm.alarm.label, id: alarm.alarm.id), body: body, urgency: .critical,
            actions: [
                (key: "snooze", label: "Snooze \(alarm.alarm.snoozeMinutes) min"),
                (key: "dismiss", label: "Dismiss"),
            ],
            expireMilliseconds: 0)
    }

    /// A snoozed alarm's notification, in place of its ringing one: normal urgency, with Dismiss to end the snooze;
    /// it stays until the alarm rings again or is dismissed.
    static func snoozed(_ alarm: AlarmInfo) -> DesktopNotification {
        var body = "Snoozed until " + (alarm.snoozedUntil.map(clock) ?? "later")
        if let note = alarm.alarm.note, !note.isEmpty { body += "\n" + note }
        return DesktopNotification(
            summary: title(alarm.alarm.label, id: alarm.alarm.id), body: body, urgency: .normal,
            actions: [(key: "dismiss", label: "Dismiss")], expireMilliseconds: 0)
    }

    /// A missed alarm's notification: normal urgency, no buttons.
    static func missed(_ missed: MissedInfo) -> DesktopNotification {
        let why =
            switch missed.reason {
            case "unattended": "it rang unanswered"
            case "suspended": "the machine was asleep"
            default: "noised was not running or the clock jumped"
            }
        return DesktopNotification(
            summary: "Missed: " + title(missed.label, id: missed.alarmId),
            body: "\(missed.trigger.local.replacing("T", with: " ").prefix(16)) (\(why))",
            urgency: .normal)
    }

    /// The gratitude diary's daily reminder: normal urgency, no buttons.
    static func gratitudeReminder(_ day: LocalDate) -> DesktopNotification {
        DesktopNotification(
            summary: "Gratitude diary", body: "Nothing written for \(day) yet: noisectl gratitude",
            urgency: .normal)
    }

    private static func title(_ label: String, id: Int64) -> String {
        label.isEmpty ? "Alarm \(id)" : label
    }

    /// A pass's time, always to the second: `19:47:12`, `17:20:00`.
    static func clock(_ trigger: TriggerInfo) -> String {
        trigger.localParts.timeOfDay.withSeconds
    }
}
