/// The session bus: the desktop's own inhibitor (the portal's, gnome-session's or PowerManagement's), held while
/// logind's `block` lock is wanted. `DesktopInhibition` decides; this makes its calls and shows it in the status.
extension BusLoop {
    /// Watches each inhibitor's service come and go, so one held by a service that leaves is taken again.
    func watchInhibitors(on connection: BusConnection) {
        for inhibitor in DesktopInhibitor.allCases {
            try? connection.matchSignal(
                sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                arg0: inhibitor.busName
            ) { [unowned self] message in
                guard let name = try? message.readString(), let old = try? message.readString() else { return }
                perform(inhibition.ownerChanged(name, hadOwner: !old.isEmpty))
            }
        }
        perform(inhibition.joined())
    }

    /// Carries out what `DesktopInhibition` returned, then shows what is held.
    func perform(_ actions: [DesktopInhibition.Action]) {
        for action in actions {
            switch action {
            case .take(let inhibitor, let why): ask(inhibitor, why: why)
            case .release(let held):
                let call = held.inhibitor.release(held.token)
                // Unanswered on purpose: a service that cannot release it has already let it go (or is gone).
                try? connections[.session]?.call(
                    call.destination, call.path, call.interface, call.member,
                    call.arguments
                ) { _ in }
            }
        }
        var changed = status
        changed.desktopInhibitor = inhibition.held?.inhibitor.rawValue
        changed.desktopInhibitorProblem = inhibition.problem
        status = changed
    }

    private func ask(_ inhibitor: DesktopInhibitor, why: String) {
        let call = inhibitor.take(why: why)
        do {
            guard let connection = connections[.session] else { throw BusError("no session bus") }
            try connection.call(call.destination, call.path, call.interface, call.member, call.arguments) {
                [unowned self] result in
                do {
                    let reply = try result.get()
                    perform(
                        inhibition.took(
                            inhibitor == .portal
                                ? .request(try reply.readObjectPath())
                                : .cookie(try reply.readUInt32())))
                } catch {
                    perform(inhibition.refused("\(error)"))
                }
            }
        } catch {
            perform(inhibition.refused("\(error)"))
        }
    }
}
