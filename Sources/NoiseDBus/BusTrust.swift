/// Whose session bus noised joins and whose D-Bus messages it acts on (issue 37): the session bus only when its
/// server runs as our uid, and MPRIS's methods, its Volume and the notification server's signals only from a sender
/// whose uid is ours. A bus in a folder others can write to may be another user's `dbus-daemon` started where ours
/// was; on it that user would own our MPRIS name, read our alarms' notifications and dismiss them. The system bus is
/// root's and is not held to this. Pure: the uids are given (the bus thread reads them from the socket's
/// `SO_PEERCRED` and from the bus driver), so the decisions are tested without a bus.
struct BusTrust: Sendable, Equatable {
    /// Our effective uid: the one the bus's server and every acting sender must have.
    let uid: UInt32

    /// Why the session bus at `path` (nil: its address names no path), whose server runs as `server` (nil: the
    /// kernel cannot say), is not to be joined; nil when it is ours.
    func refusal(ofBusAt path: String?, server: UInt32?) -> String? {
        let bus = path.map { "the session bus at \($0)" } ?? "the session bus"
        guard let server else {
            return "who runs \(bus) cannot be told (no SO_PEERCRED on its socket): not joined"
        }
        guard server != uid else { return nil }
        return "\(bus) is run by uid \(server), not by us (uid \(uid)): not joined until one of ours is there"
    }

    /// Whether a message whose sender has `sender` as its uid (nil: the bus driver could not say) may act.
    func accepts(sender: UInt32?) -> Bool { sender == uid }

    /// What a refused MPRIS call is answered with.
    var refusalText: String { "NoiseClock takes commands only from uid \(uid)'s own programs" }
}
