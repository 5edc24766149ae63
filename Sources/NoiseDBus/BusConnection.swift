import CSystemd
import Glibc
import NoiseSystem

/// Which bus: the user's session bus (MPRIS, notifications) or the system bus (logind).
public enum BusKind: String, Sendable, CaseIterable {
    case session, system
}

/// One sd-bus connection, used only on the bus thread (sd-bus objects are not thread-safe). Every callback it
/// registers keeps its Swift closure in a retained box that sd-bus releases through the slot's destroy callback,
/// when the call is answered or the connection closes.
final class BusConnection {
    let bus: OpaquePointer
    let kind: BusKind
    /// Whether closing first sends what is queued; a bus not joined is closed without it (see `closeUnjoined`).
    private var flushesOnClose = true

    /// Connects as any sd-bus program does: `$DBUS_SESSION_BUS_ADDRESS` (else `$XDG_RUNTIME_DIR/bus`), or
    /// `$DBUS_SYSTEM_BUS_ADDRESS` (else `/run/dbus/system_bus_socket`).
    init(kind: BusKind) throws(BusError) {
        var bus: OpaquePointer?
        let result =
            kind == .session
            ? sd_bus_open_user_with_description(&bus, "noised")
            : sd_bus_open_system_with_description(&bus, "noised")
        try check(result, "connecting to the \(kind) bus")
        self.bus = bus!
        self.kind = kind
    }

    deinit {
        if flushesOnClose { sd_bus_flush_close_unref(bus) } else { sd_bus_close_unref(bus) }
    }

    var descriptor: Int32 { sd_bus_get_fd(bus) }

    /// The uid the bus's server runs as, from its socket (`SO_PEERCRED`), nil when the kernel cannot say. Right
    /// after `init` only the authentication (our uid) has been sent: the Hello waits in sd-bus's queue until the
    /// server answers it, which is only read in `process()`.
    var serverUID: UInt32? { PeerCredentials.of(descriptor)?.uid }

    /// Marks the connection to be closed without sending what is queued: flushing would finish authenticating with
    /// the server and say Hello to it, waiting on a bus noised does not join.
    func closeUnjoined() { flushesOnClose = false }

    var events: Int16 { Int16(truncatingIfNeeded: max(0, sd_bus_get_events(bus))) }

    /// When sd-bus next needs to run (a call timing out), in CLOCK_MONOTONIC microseconds; nil for never.
    var timeout: UInt64? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return usec
    }

    /// Handles everything that arrived; throws when the connection is lost.
    func process() throws(BusError) {
        while try check(sd_bus_process(bus, nil), "reading the \(kind) bus") > 0 {}
    }

    func requestName(_ name: String) throws(BusError) {
        try check(sd_bus_request_name(bus, name, 0), "taking the name \(name)")
    }

    /// Calls a method without waiting; `reply` gets the answer (or the error, a timeout included) on this thread.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [BusValue] = [],
        timeout: Duration = .seconds(25), reply: @escaping (Result<BusMessage, BusError>) -> Void
    ) throws(BusError) {
        var raw: OpaquePointer?
        try check(sd_bus_message_new_method_call(bus, &raw, destination, path, interface, member), "calling \(member)")
        defer { sd_bus_message_unref(raw) }
        let message = BusMessage(raw: raw!)
        for argument in arguments { try message.append(argument) }
        let handler = MessageHandler { message in
            if let error = message.errorText {
                reply(.failure(BusError("\(member): \(error)")))
            } else {
                reply(.success(message))
            }
        }
        let micros = UInt64(timeout.components.seconds) * 1_000_000
        try attach(handler, "calling \(member)") { slot, userdata in
            sd_bus_call_async(bus, &slot, raw, messageTrampoline, userdata, micros)
        }
    }

    /// Calls `handler` with every matching signal until the connection closes. `arg0` narrows the match on the bus
    /// itself, so signals about other names (NameOwnerChanged) never wake the thread.
    func matchSignal(
        sender: String, path: String, interface: String, member: String, arg0: String? = nil,
        handler: @escaping (BusMessage) -> Void
    ) throws(BusError) {
        var rule = "type='signal',sender='\(sender)',path='\(path)',interface='\(interface)',member='\(member)'"
        if let arg0 { rule += ",arg0='\(arg0)'" }
        try attach(MessageHandler(handler), "watching \(interface).\(member)") { slot, userdata in
            sd_bus_add_match(bus, &slot, rule, messageTrampoline, userdata)
        }
    }

    /// Sends PropertiesChanged for `names`, read back through the object's getters.
    func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(BusError) {
        var pointers: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        try check(
            sd_bus_emit_properties_changed_strv(bus, path, interface, &pointers), "signalling \(interface) changes")
    }

    /// Registers a callback whose box sd-bus owns from then on: the slot floats (lives with the connection, or
    /// until a call's reply) and releases the box when it goes.
    private func attach(
        _ handler: MessageHandler, _ doing: String,
        register: (inout OpaquePointer?, UnsafeMutableRawPointer) -> Int32
    ) throws(BusError) {
        let userdata = Unmanaged.passRetained(handler).toOpaque()
        var slot: OpaquePointer?
        let result = register(&slot, userdata)
        guard result >= 0, let slot else {
            Unmanaged<MessageHandler>.fromOpaque(userdata).release()
            throw BusError(doing, errno: -result)
        }
        sd_bus_slot_set_destroy_callback(slot, releaseBox)
        sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
    }
}

/// A Swift closure sd-bus calls back, kept alive by the slot it was registered with.
final class MessageHandler {
    let body: (BusMessage) -> Void
    init(_ body: @escaping (BusMessage) -> Void) { self.body = body }
}

private let messageTrampoline: sd_bus_message_handler_t = { message, userdata, _ in
    Unmanaged<MessageHandler>.fromOpaque(userdata!).takeUnretainedValue().body(BusMessage(raw: message!))
    return 0
}

/// Releases any retained box given to sd-bus as a slot's userdata.
let releaseBox: sd_bus_destroy_t = { userdata in
    Unmanaged<AnyObject>.fromOpaque(userdata!).release()
}
