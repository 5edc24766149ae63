import Logging
import NoiseConfig
import NoiseCore
import NoiseDBus
import NoiseProtocol
import NoiseTime

/// The daemon's side of the desktop (docs/desktop.md): keeps MPRIS, the alarm notifications and the sleep
/// inhibitor in line with the status board after every event, and carries out what comes from the bus (media
/// keys, notification buttons, sleep and resume) on the player and the scheduler.
actor DesktopLink<C: Clock> where C.Duration == Duration {
    let bus: DesktopBus
    let player: Player<C>
    let scheduler: AlarmScheduler
    let board: StatusBoard
    let logger: Logger
    private var settings: DesktopSettings
    /// The alarms whose notification is shown, and whether it is the ringing one (else the snoozed one).
    private var notified: [Int64: Bool] = [:]
    /// The missed alarms already known (at start, or notified since): (alarm id, trigger).
    private var knownMissed: Set<[Double]>
    /// The names of the sounds seen playing, by id: a paused mix is shown by name.
    private var names: [String: String] = [:]
    /// What the bus was last given, so an event that changes neither does not wake its thread.
    private var sentPlayer: MPRISPlayer?
    private var sentBlock: String??

    init(
        bus: DesktopBus, player: Player<C>, scheduler: AlarmScheduler, board: StatusBoard, settings: DesktopSettings,
        logger: Logger
    ) {
        self.bus = bus
        self.player = player
        self.scheduler = scheduler
        self.board = board
        self.settings = settings
        self.logger = logger
        // Missed alarms recorded before this start are in `status`, not news: only later ones are notified.
        knownMissed = Set((board.status().alarms?.missed ?? []).map(Self.key))
    }

    /// New settings from a reloaded config: notifications and the inhibitor follow at once; MPRIS at the next start.
    func apply(_ new: DesktopSettings) {
        settings = new
        refresh()
    }

    /// Brings the desktop in line with the status board.
    func refresh() {
        let status = board.status()
        for sound in status.playing { names[sound.id] = sound.name }
        let player = DesktopView.player(status, names: { [names] in names[$0] })
        if player != sentPlayer {
            sentPlayer = player
            bus.update(player)
        }
        let block = settings.inhibitSleep ? DesktopView.sleepBlockReason(status) : nil
        if sentBlock != .some(block) {
            sentBlock = .some(block)
            bus.blockSleep(why: block)
        }
        refreshNotifications(status)
    }

    private func refreshNotifications(_ status: StatusInfo) {
        let ringing = status.alarms?.ringing ?? []
        let snoozed = status.alarms?.snoozed ?? []
        if settings.notifications {
            // Shown with the alarm's id, so a snooze's notification takes the place of the ringing one and back.
            for alarm in ringing where notified[alarm.alarm.id] != true {
                bus.notify(DesktopView.ringing(alarm, audio: status.audio), alarmID: alarm.alarm.id)
                notified[alarm.alarm.id] = true
            }
            for alarm in snoozed where notified[alarm.alarm.id] != false {
                bus.notify(DesktopView.snoozed(alarm), alarmID: alarm.alarm.id)
                notified[alarm.alarm.id] = false
            }
        }
        let now = Set((ringing + snoozed).map(\.alarm.id))
        for gone in notified.keys where !now.contains(gone) {
            bus.closeNotification(alarmID: gone)
            notified[gone] = nil
        }
        for missed in (status.alarms?.missed ?? []).reversed() where !knownMissed.contains(Self.key(missed)) {
            knownMissed.insert(Self.key(missed))
            if settings.notifications { bus.notify(DesktopView.missed(missed), alarmID: nil) }
        }
    }

    /// The gratitude diary's reminder: a notification of normal urgency, when notifications are on.
    func remindGratitude(_ day: LocalDate) {
        if settings.notifications { bus.notify(DesktopView.gratitudeReminder(day), alarmID: nil) }
    }

    private static func key(_ missed: MissedInfo) -> [Double] { [Double(missed.alarmId), missed.trigger.unix] }

    // MARK: From the bus

    func handle(_ event: DesktopBusEvent) async {
        switch event {
        case .mpris(let method, let call):
            do {
                switch method {
                case .play: _ = try await player.resumeOrPlayDefault()
                case .pause: _ = await player.pause(fade: nil)
                case .playPause:
                    if await player.playback().state == .playing {
                        _ = await player.pause(fade: nil)
                    } else {
                        _ = try await player.resumeOrPlayDefault()
                    }
                case .stop: _ = try await player.stop(Commands.Stop())
                case .next: _ = try await player.step(by: 1)
                case .previous: _ = try await player.step(by: -1)
                }
                bus.reply(call: call, error: nil)
            } catch {
                logger.info("MPRIS \(method.rawValue): \(error.message)")
                bus.reply(call: call, error: error.message)
            }
        case .setVolume(let volume):
            _ = try? await player.setVolume(Commands.Volume(volume: (min(1, max(0, volume)) * 1000).rounded() / 10))
        case .notificationAction(let alarmID, let action):
            switch action {
            case "snooze": _ = try? await scheduler.snooze(minutes: nil, only: alarmID)
            case "dismiss": _ = try? await scheduler.dismiss(only: alarmID)
            default: break  // a click on the notification itself: it stays, and the alarm rings on
            }
        case .prepareForSleep(true):
            await scheduler.prepareForSleep()
            await player.saved()
            bus.readyForSleep()
        case .prepareForSleep(false):
            await scheduler.resumed()
        }
    }
}
