/// Where each bus's socket is, worked out as sd-bus does, so the bus thread can watch for a missing socket to
/// appear instead of polling for it. Pure: the environment is given.
struct BusAddresses: Sendable {
    /// The socket's path for each bus, or why there is none to watch (an address that is not a path, or no
    /// address at all).
    let sockets: [BusKind: Result<String, BusError>]

    init(environment: [String: String]) {
        var sockets: [BusKind: Result<String, BusError>] = [:]
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            sockets[.session] = Self.socketPath(address)
        } else if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            sockets[.session] = .success(runtime + "/bus")
        } else {
            sockets[.session] = .failure(
                BusError("no session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"))
        }
        if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty {
            sockets[.system] = Self.socketPath(address)
        } else {
            sockets[.system] = .success("/run/dbus/system_bus_socket")
        }
        self.sockets = sockets
    }

    /// The path of the first `unix:path=` address in a D-Bus address list (`unix:path=/run/user/1000/bus,guid=…;…`),
    /// with its %-escapes decoded.
    static func socketPath(_ address: String) -> Result<String, BusError> {
        for entry in address.split(separator: ";") where entry.hasPrefix("unix:") {
            for pair in entry.dropFirst(5).split(separator: ",") where pair.hasPrefix("path=") {
                return .success(unescape(pair.dropFirst(5)))
            }
        }
        return .failure(BusError("the bus address '\(address.prefix(80))' has no unix:path= to watch"))
    }

    private static func unescape(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Substring(text).utf8[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
