import CSystemd
import Glibc

/// The MPRIS object at /org/mpris/MediaPlayer2 (the tables are in CSystemd): answers property reads from the
/// last `MPRISPlayer` it was given, and hands the methods the daemon carries out to `onCall`. Its methods and the
/// Volume it sets are taken only from senders whose uid is ours (`BusTrust`); reading its properties is open to
/// all, as on any MPRIS player. Lives on the bus thread, with the session connection.
final class MPRISServer {
    static let path = "/org/mpris/MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    var player: MPRISPlayer
    private let desktopEntry: String?
    private let trust: BusTrust
    /// A method to carry out, with its call (kept, to be answered later); returns what sd-bus expects.
    private let onCall: (MPRISMethod, OpaquePointer) -> Int32
    private let onVolume: (Double) -> Void
    private var handlers: UnsafeMutablePointer<csystemd_handlers>
    private var slots: (OpaquePointer?, OpaquePointer?) = (nil, nil)

    init(
        player: MPRISPlayer, desktopEntry: String?, trust: BusTrust,
        onCall: @escaping (MPRISMethod, OpaquePointer) -> Int32, onVolume: @escaping (Double) -> Void
    ) {
        self.player = player
        self.desktopEntry = desktopEntry
        self.trust = trust
        self.onCall = onCall
        self.onVolume = onVolume
        handlers = .allocate(capacity: 1)
        handlers.initialize(
            to: csystemd_handlers(
                method: methodTrampoline, get: getTrampoline, set: setTrampoline,
                context: nil))
    }

    deinit {
        detach()
        handlers.deallocate()
    }

    /// Serves the object on `connection` (before its name is taken, so no client sees it half made).
    func attach(to connection: BusConnection) throws(BusError) {
        handlers.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        var root: OpaquePointer?
        var playerSlot: OpaquePointer?
        try check(
            csystemd_add_mpris(connection.bus, &root, &playerSlot, handlers, desktopEntry == nil ? 0 : 1),
            "serving MPRIS")
        slots = (root, playerSlot)
    }

    func detach() {
        sd_bus_slot_unref(slots.0)
        sd_bus_slot_unref(slots.1)
        slots = (nil, nil)
    }

    // MARK: What the tables call

    fileprivate func method(_ call: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let message = BusMessage(raw: call)
        guard trust.accepts(sender: message.senderUID) else { return refuse(error) }
        let member = message.member ?? ""
        if let method = MPRISMethod(rawValue: member) { return onCall(method, call) }
        switch member {
        case "Raise", "Quit":
            // CanRaise and CanQuit are false: nothing to show, and the daemon is not the player's to quit.
            return csystemd_reply_empty(call)
        default:
            // Seek, SetPosition, OpenUri: endless loops have no position, and noised plays its catalog only.
            return sd_bus_error_set(
                error, "org.freedesktop.DBus.Error.NotSupported",
                "NoiseClock plays endless loops from its catalog: \(member) is not supported")
        }
    }

    fileprivate func property(_ name: String) -> BusValue? {
        switch name {
        case "CanQuit", "CanRaise", "HasTrackList", "CanSeek": .bool(false)
        case "Identity": .string("NoiseClock")
        case "DesktopEntry": .string(desktopEntry ?? "")
        case "SupportedUriSchemes", "SupportedMimeTypes": .strings([])
        case "PlaybackStatus": .string(player.status.rawValue)
        case "Rate", "MinimumRate", "MaximumRate": .double(1)
        case "Metadata": player.metadata
        case "Volume": .double(player.volume)
        case "Position": .int64(0)
        case "CanGoNext": .bool(player.canGoNext)
        case "CanGoPrevious": .bool(player.canGoPrevious)
        case "CanPlay", "CanPause", "CanControl": .bool(true)
        default: nil
        }
    }

    fileprivate func set(_ name: String, _ value: BusMessage, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        guard trust.accepts(sender: value.senderUID) else { return refuse(error) }
        // sd-bus has entered the variant already: the value is read as itself.
        guard name == "Volume", let volume = try? value.readDouble(), volume.isFinite else { return -EINVAL }
        onVolume(volume)
        return 0
    }

    private func refuse(_ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        sd_bus_error_set(error, "org.freedesktop.DBus.Error.AccessDenied", trust.refusalText)
    }
}

private func server(_ context: UnsafeMutableRawPointer?) -> MPRISServer {
    Unmanaged<MPRISServer>.fromOpaque(context!).takeUnretainedValue()
}

private let methodTrampoline: csystemd_method_fn = { call, context, error in
    server(context).method(call!, error: error)
}

private let getTrampoline: csystemd_get_fn = { _, property, reply, context, _ in
    guard let value = server(context).property(String(cString: property!)) else { return -ENOENT }
    do {
        try BusMessage(raw: reply!).append(value)
        return 0
    } catch {
        return -EIO
    }
}

private let setTrampoline: csystemd_set_fn = { _, property, value, context, error in
    server(context).set(String(cString: property!), BusMessage(raw: value!), error: error)
}
