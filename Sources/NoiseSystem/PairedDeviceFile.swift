import Glibc
import NoiseCore

/// A device paired for the LAN mode (docs/web.md, "The phone on the LAN"): the secret its cookie carries, and what
/// the person sees of it in `noisectl web devices`.
public struct PairedDevice: Codable, Sendable, Equatable {
    /// 8 hex digits, what `noisectl web revoke` takes.
    public var id: String
    public var name: String
    /// The cookie's secret (`WebSecret`'s form).
    public var token: String
    public var pairedUnix: Int64

    public init(id: String, name: String, token: String, pairedUnix: Int64) {
        self.id = id
        self.name = name
        self.token = token
        self.pairedUnix = pairedUnix
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
            throw LocalFile.Failure(description: "\(path) is not a list of paired devices (\(JSONCoding.reason(error))); "
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
            if devices != before { try LocalFile.replace(path, with: try JSONCoding.pretty(devices), newFileMode: 0o600) }
            return result
        }
    }
}
