import CSystemd
import Glibc

/// The session bus: MPRIS and notifications (the desktop's inhibitor: `BusLoop+DesktopInhibit.swift`).
extension BusLoop {
    static let notifications = (name: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications")

    func setUpSession(_ connection: BusConnection) {
        if options.mpris { serveMPRIS(on: connection) }
        watchInhibitors(on: connection)
        status.notifications = options.notifications
        guard options.notifications else { return }
        do {
            try connection.matchSignal(
                sender: Self.notifications.name, path: Self.notifications.path,
                interface: Self.notifications.name, member: "ActionInvoked"
            ) { [unowned self] message in
                // Another user's program on the bus must not press an alarm's buttons.
                guard isOurs(message), let id = try? message.readUInt32(), let action = try? message.readString(),
                    let alarmID = shown.first(where: { $0.value == id })?.key
                else { return }
                onEvent(.notificationAction(alarmID: alarmID, action: action))
            }
            try connection.matchSignal(
                sender: Self.notifications.name, path: Self.notifications.path,
                interface: Self.notifications.name, member: "NotificationClosed"
            ) { [unowned self] message in
                guard isOurs(message), let id = try? message.readUInt32() else { return }
                shown = shown.filter { $0.value != id }
            }
        } catch {
            status.notifications = false
            status.notificationProblem = "\(error)"
        }
    }

    // MARK: MPRIS

    private func serveMPRIS(on connection: BusConnection) {
        let server = MPRISServer(
            player: player, desktopEntry: options.desktopEntry, trust: trust,
            onCall: { [unowned self] method, call in keep(call, for: method) },
            onVolume: { [unowned self] volume in onEvent(.setVolume(volume)) })
        do {
            try server.attach(to: connection)
            try connection.requestName(options.mprisName)
            mpris = server
            status.mpris = options.mprisName
        } catch {
            status.mpris = nil
            status.sessionBusProblem = "MPRIS is off: \(error)"
        }
    }

    /// Keeps an MPRIS call to answer once the daemon has carried it out.
    private func keep(_ call: OpaquePointer, for method: MPRISMethod) -> Int32 {
        let id = nextCall
        nextCall += 1
        calls[id] = sd_bus_message_ref(call)
        onEvent(.mpris(method, call: id))
        return 1
    }

    func reply(call id: UInt64, error: String?) {
        guard let call = calls.removeValue(forKey: id) else { return }
        defer { sd_bus_message_unref(call) }
        if let error {
            _ = csystemd_reply_error(call, "org.freedesktop.DBus.Error.Failed", error)
        } else {
            _ = csystemd_reply_empty(call)
        }
    }

    func update(_ new: MPRISPlayer) {
        let old = player
        player = new
        guard let mpris, let connection = connections[.session] else { return }
        mpris.player = new
        let names = new.changes(from: old)
        guard !names.isEmpty else { return }
        try? connection.emitPropertiesChanged(
            path: MPRISServer.path, interface: MPRISServer.playerInterface, names: names)
    }

    // MARK: Notifications

    /// The icon when noiseclock's desktop entry (and its icon) is not installed: the Icon Naming Specification's
    /// "appointment-soon", which every icon theme has, rather than none.
    static let iconWithoutEntry = "appointment-soon"

    func notify(_ notification: DesktopNotification, alarmID: Int64?) {
        guard options.notifications, let connection = connections[.session] else { return }
        var hints: [(String, BusValue)] = [("urgency", .byte(notification.urgency.rawValue))]
        if let entry = options.desktopEntry { hints.append(("desktop-entry", .string(entry))) }
        let replaces = alarmID.flatMap { shown[$0] } ?? 0
        let arguments: [BusValue] = [
            .string("NoiseClock"), .uint32(replaces), .string(options.desktopEntry ?? Self.iconWithoutEntry),
            .string(notification.summary),
            .string(notification.body), .strings(notification.actions.flatMap { [$0.key, $0.label] }),
            .dictionary(hints), .int32(notification.expireMilliseconds),
        ]
        if let alarmID { awaitingID.insert(alarmID) }
        do {
            try connection.call(
                Self.notifications.name, Self.notifications.path, Self.notifications.name, "Notify",
                arguments
            ) { [unowned self] result in
                if let alarmID { awaitingID.remove(alarmID) }
                switch result {
                case .success(let reply):
                    status.notificationProblem = nil
                    guard let alarmID, let id = try? reply.readUInt32() else { return }
                    shown[alarmID] = id
                    if closeWhenShown.remove(alarmID) != nil { closeNotification(alarmID: alarmID) }
                case .failure(let error):
                    status.notificationProblem = "the notification could not be shown: \(error)"
                }
            }
        } catch {
            if let alarmID { awaitingID.remove(alarmID) }
            status.notificationProblem = "the notification could not be shown: \(error)"
        }
    }

    func closeNotification(alarmID: Int64) {
        guard let id = shown.removeValue(forKey: alarmID) else {
            if awaitingID.contains(alarmID) { closeWhenShown.insert(alarmID) }
            return
        }
        try? connections[.session]?.call(
            Self.notifications.name, Self.notifications.path, Self.notifications.name,
            "CloseNotification", [.uint32(id)]
        ) { _ in }
    }
}
