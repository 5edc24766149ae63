import Glibc
import NoiseCore
import NoiseSystem
import Synchronization

/// The paired devices as noiseweb's LAN listener sees them (docs/web.md, "The phone on the LAN"): a cookie lets a
/// request in while its device is in `devices.json`. The list is read again whenever the file changed (its inode,
/// size or time, one `stat` a request), so `noisectl web revoke` shuts a device out at its next request, with no
/// signal to noiseweb. A file that cannot be read lets no device in, and says why once.
public final class DeviceRegistry: Sendable {
    public let file: PairedDeviceFile
    private let cache = Mutex<(stamp: [Int64], tokens: Set<WebSecret>)>((stamp: [], tokens: []))
    private let onProblem: @Sendable (String) -> Void

    public init(file: PairedDeviceFile, onProblem: @escaping @Sendable (String) -> Void = { _ in }) {
        self.file = file
        self.onProblem = onProblem
    }

    /// The cookie's value names a paired device.
    public func isPaired(_ cookie: String?) -> Bool {
        guard let cookie, let secret = WebSecret(parsing: cookie) else { return false }
        return currentTokens().contains(secret)
    }

    /// Pairs a new device named `name` (else `userAgent`'s summary): its secret, for the cookie. Refused when
    /// `Limits.maxPairedDevices` are paired already.
    public func pair(name: String, userAgent: String?, now: Double) -> Result<WebSecret, WebRefusal> {
        let secret = WebSecret.random()
        let shown = name.isEmpty ? DeviceName.summary(userAgent: userAgent) : String(name.prefix(60))
        do {
            try file.update { devices in
                guard devices.count < Limits.maxPairedDevices else {
                    throw WebRefusal(status: 409, code: "too_many_devices",
                                     message: "\(devices.count) devices are paired already; revoke one with 'noisectl web revoke ID' first.")
                }
                devices.append(PairedDevice(id: Self.newID(taken: Set(devices.map(\.id))), name: shown, token: secret.text,
                                            pairedUnix: Int64(now.rounded(.down))))
            }
        } catch let refusal as WebRefusal {
            return .failure(refusal)
        } catch {
            return .failure(WebRefusal(status: 500, code: "pairing_failed", message: "The device could not be saved: \(error)"))
        }
        return .success(secret)
    }

    private func currentTokens() -> Set<WebSecret> {
        var info = stat()
        let stamp: [Int64] = stat(file.path, &info) == 0
            ? [Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)] : [-1]
        if let tokens = cache.withLock({ $0.stamp == stamp ? $0.tokens : nil }) { return tokens }
        var tokens = Set<WebSecret>()
        do {
            tokens = Set(try file.load().compactMap { WebSecret(parsing: $0.token) })
        } catch {
            onProblem("\(error)")
        }
        cache.withLock { $0 = (stamp: stamp, tokens: tokens) }
        return tokens
    }

    /// 8 hex digits no other device has.
    static func newID(taken: Set<String>) -> String {
        while true {
            let id = String(WebSecret.random().text.prefix(8))
            if !taken.contains(id) { return id }
        }
    }
}
