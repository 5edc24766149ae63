import Glibc
import NoiseCore
import NoiseSystem
import Synchronization

/// The paired devices as noiseweb sees them (docs/web.md, "The phone on the LAN" and "A kiosk"): a cookie and its
/// key let a request in while their device is in `devices.json`. The list is read again whenever the file changed
/// (its inode, size or time, one `stat` a request), so `noisectl web revoke` shuts a device out at its next request,
/// with no signal to noiseweb. A file that cannot be read lets no device in, and says why once.
public final class DeviceRegistry: Sendable {
    public let file: PairedDeviceFile
    private let cache = Mutex<(stamp: [Int64], devices: [PairedDevice])>((stamp: [], devices: []))
    private let onProblem: @Sendable (String) -> Void

    public init(file: PairedDeviceFile, onProblem: @escaping @Sendable (String) -> Void = { _ in }) {
        self.file = file
        self.onProblem = onProblem
    }

    /// What the cookie and key prove, among the LAN's devices (`kiosk` false) or this machine's kiosks (true).
    public func signIn(cookie: String?, key: String?, kiosk: Bool) -> SignIn {
        guard let cookie, let secret = WebSecret(parsing: cookie),
            let device = currentDevices().first(where: { $0.isKiosk == kiosk && $0.token == secret.text })
        else { return .none }
        guard let key = key.flatMap({ WebSecret(parsing: $0) }), device.key == key.text else { return .cookieOnly }
        return .full
    }

    /// The kiosk whose key is `text`, for its launcher's sign-in.
    public func kiosk(key text: String?) -> PairedDevice? {
        guard let text, let key = WebSecret(parsing: text) else { return nil }
        return currentDevices().first { $0.isKiosk && $0.key == key.text }
    }

    /// Pairs a new device named `name` (else `userAgent`'s summary): its cookie's secret and its key. Refused when
    /// `WebLimits.maxPairedDevices` are paired already.
    public func pair(
        name: String, userAgent: String?, now: Double
    ) -> Result<(token: WebSecret, key: WebSecret), WebRefusal> {
        let (token, key) = (WebSecret.random(), WebSecret.random())
        let shown = name.isEmpty ? DeviceName.summary(userAgent: userAgent) : String(name.prefix(60))
        do {
            try file.update { devices in
                guard devices.count < WebLimits.maxPairedDevices else {
                    throw WebRefusal(
                        status: 409, code: "too_many_devices",
                        message:
                            "\(devices.count) devices are paired already; revoke one with 'noisectl web revoke ID' first."
                    )
                }
                devices.append(
                    PairedDevice(
                        id: PairedDevice.newID(taken: devices), name: shown, token: token.text, key: key.text,
                        pairedUnix: Int64(now.rounded(.down))))
            }
        } catch let refusal as WebRefusal {
            return .failure(refusal)
        } catch {
            return .failure(
                WebRefusal(status: 500, code: "pairing_failed", message: "The device could not be saved: \(error)"))
        }
        return .success((token, key))
    }

    private func currentDevices() -> [PairedDevice] {
        var info = stat()
        let stamp: [Int64] =
            stat(file.path, &info) == 0
            ? [Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)] : [-1]
        if let devices = cache.withLock({ $0.stamp == stamp ? $0.devices : nil }) { return devices }
        var devices: [PairedDevice] = []
        do {
            devices = try file.load()
        } catch {
            onProblem("\(error)")
        }
        cache.withLock { $0 = (stamp: stamp, devices: devices) }
        return devices
    }
}
