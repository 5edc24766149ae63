import CSystemd
import Glibc

/// A message being read or written, valid only during the callback or call that gives it (on the bus thread).
/// Every sd-bus read and append noised makes goes through here.
struct BusMessage {
    let raw: OpaquePointer

    private static func type(_ character: Character) -> CChar { CChar(bitPattern: character.asciiValue!) }

    // MARK: Reading

    var member: String? { sd_bus_message_get_member(raw).map { String(cString: $0) } }

    /// The effective uid of the message's sender, nil when the bus cannot say. On a `dbus-daemon` bus sd-bus asks
    /// the bus driver (`GetConnectionUnixUser`) and waits for its answer on this thread; the driver is the bus's
    /// server, which runs as us (the session bus is joined only then).
    var senderUID: UInt32? {
        var creds: OpaquePointer?
        guard sd_bus_query_sender_creds(raw, UInt64(SD_BUS_CREDS_EUID), &creds) >= 0, let creds else { return nil }
        defer { sd_bus_creds_unref(creds) }
        var uid: uid_t = 0
        guard sd_bus_creds_get_euid(creds, &uid) >= 0 else { return nil }
        return uid
    }

    /// The error an error reply carries ("name: message"), or nil for a method return or a signal.
    var errorText: String? {
        guard let error = sd_bus_message_get_error(raw), let name = error.pointee.name else { return nil }
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        return "\(String(cString: name)): \(message)"
    }

    func readString() throws(BusError) -> String {
        var text: UnsafePointer<CChar>?
        try check(sd_bus_message_read_basic(raw, Self.type("s"), &text), "reading a string")
        return text.map { String(cString: $0) } ?? ""
    }

    func readObjectPath() throws(BusError) -> String {
        var text: UnsafePointer<CChar>?
        try check(sd_bus_message_read_basic(raw, Self.type("o"), &text), "reading an object path")
        return text.map { String(cString: $0) } ?? ""
    }

    func readBool() throws(BusError) -> Bool {
        var value: Int32 = 0
        try check(sd_bus_message_read_basic(raw, Self.type("b"), &value), "reading a boolean")
        return value != 0
    }

    func readUInt32() throws(BusError) -> UInt32 {
        var value: UInt32 = 0
        try check(sd_bus_message_read_basic(raw, Self.type("u"), &value), "reading a uint32")
        return value
    }

    func readDouble() throws(BusError) -> Double {
        var value = 0.0
        try check(sd_bus_message_read_basic(raw, Self.type("d"), &value), "reading a double")
        return value
    }

    /// A file descriptor the message carries, duplicated: the message owns its own and closes it.
    func readDuplicatedDescriptor() throws(BusError) -> Int32 {
        var descriptor: Int32 = -1
        try check(sd_bus_message_read_basic(raw, Self.type("h"), &descriptor), "reading a file descriptor")
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { throw BusError("duplicating a file descriptor", errno: errno) }
        return copy
    }

    // MARK: Writing

    func append(_ value: BusValue) throws(BusError) {
        switch value {
        case .string(let text): try appendText(text, "s")
        case .objectPath(let path): try appendText(path, "o")
        case .bool(let flag):
            var value: Int32 = flag ? 1 : 0
            try check(sd_bus_message_append_basic(raw, Self.type("b"), &value), "appending a boolean")
        case .byte(var byte): try check(sd_bus_message_append_basic(raw, Self.type("y"), &byte), "appending a byte")
        case .int32(var number):
            try check(sd_bus_message_append_basic(raw, Self.type("i"), &number), "appending an int32")
        case .uint32(var number):
            try check(sd_bus_message_append_basic(raw, Self.type("u"), &number), "appending a uint32")
        case .int64(var number):
            try check(sd_bus_message_append_basic(raw, Self.type("x"), &number), "appending an int64")
        case .double(var number):
            try check(sd_bus_message_append_basic(raw, Self.type("d"), &number), "appending a double")
        case .strings(let items):
            try check(sd_bus_message_open_container(raw, Self.type("a"), "s"), "opening an array")
            for item in items { try appendText(item, "s") }
            try check(sd_bus_message_close_container(raw), "closing an array")
        case .dictionary(let entries):
            try check(sd_bus_message_open_container(raw, Self.type("a"), "{sv}"), "opening a dictionary")
            for (key, value) in entries {
                try check(sd_bus_message_open_container(raw, Self.type("e"), "sv"), "opening a dictionary entry")
                try appendText(key, "s")
                try check(sd_bus_message_open_container(raw, Self.type("v"), value.signature), "opening a variant")
                try append(value)
                try check(sd_bus_message_close_container(raw), "closing a variant")
                try check(sd_bus_message_close_container(raw), "closing a dictionary entry")
            }
            try check(sd_bus_message_close_container(raw), "closing a dictionary")
        }
    }

    private func appendText(_ text: String, _ type: Character) throws(BusError) {
        let result = text.withCString { sd_bus_message_append_basic(raw, Self.type(type), $0) }
        try check(result, "appending '\(text.prefix(40))'")
    }
}

/// What went wrong on the bus, in words for the log and `status`.
public struct BusError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) { self.description = description }

    init(_ doing: String, errno code: Int32) {
        description = "\(doing): \(String(cString: strerror(code)))"
    }
}

/// sd-bus returns a negative errno on failure.
@discardableResult
func check(_ result: Int32, _ doing: String) throws(BusError) -> Int32 {
    guard result >= 0 else { throw BusError(doing, errno: -result) }
    return result
}
