import Glibc
import NoiseCore

/// A device paired for the LAN mode (docs/web.md, "The phone on the LAN"), or this machine's kiosk page (`noisectl
/// web --kiosk`): the secrets its page carries, and what the person sees of it in `noisectl web devices`.
public struct PairedDevice: Codable, Sendable, Equatable {
    /// 8 hex digits, what `noisectl web revoke` takes.
    public var id: String
    public var name: String
    /// The cookie's secret (`WebSecret`'s form).
    public var token: String
    /// The key the device's page keeps in its origin's storage and sends with each request (`WebSecret`'s form);
    /// nil for a device paired before keys existed, which must pair again.
    public var key: String?
    /// True for the loopback page's kiosk, which signs in at `/login?kiosk=KEY` from the launcher page `noisectl web
    /// --kiosk` wrote; nil or false for a device on the LAN.
    public var kiosk: Bool?
    public var pairedUnix: Int64

    public init(id: String, name: String, token: String, key: String?, kiosk: Bool = false, pairedUnix: Int64) {
        self.id = id
        self.name = name
        self.token = token
        self.key = key
        self.kiosk = kiosk ? true : nil
        self.pairedUnix = pairedUnix
    }

    public var isKiosk: Bool { kiosk == true }

    /// 8 hex digits no other device has.
    public static func newID(taken: some Sequence<PairedDevice>) -> String {
        let ids = Set(taken.map(\.id))
        while true {
            let id = String(WebSecret.random().text.prefix(8))
            if !ids.contains(id) { return id }
        }
    }
}

/// The paired devices, `$XDG_STATE_HOME/noiseweb/devices.json`: 0600 in the LAN folder, which is 0700, so no other
/// user can read a device's secret. noiseweb adds a device as it pairs and `noisectl web revoke` removes one, each
/// with the folder locked and the file replaced whole, so neither loses the other's change.
public struct PairedDeviceFile: Sendable {
    public let path: String

    public init(folder: String) {
        path = folder + "/devices.json"
    }

    /// The devices; none when the file is missing.
    public func load() throws(LocalFile.Failure) -> [PairedDevice] {
        guard let bytes = try LocalFile.contents(of: path, kind: "the paired devices' list") else { return [] }
        do {
            return try JSONCoding.decode([PairedDevice].self, from: bytes)
        } catch {
            throw LocalFile.Failure(
                description: "\(path) is not a list of paired devices (\(JSONCoding.reason(error))); "
                    + "remove it to unpair every device")
        }
    }

    /// Reads the list, lets `change` change it, and writes it back, the folder locked throughout; an error from
    /// `change` writes nothing.
    public func update<Result>(_ change: (inout [PairedDevice]) throws -> Result) throws -> Result {
        try LocalFile.whileFolderLocked(holding: path) {
            var devices = try load()
            let before = devices
            let result = try change(&devices)
            if devices != before {
                try LocalFile.replace(path, with: try JSONCoding.pretty(devices), newFileMode: 0o600)
            }
            return result
        }
    }
}
