import ArgumentParser
import NoiseCore
import NoiseSystem

/// `noisectl web --kiosk`: this machine's page as a kiosk (docs/web.md, "A kiosk"), a night-stand screen that must
/// come back by itself. It is paired as a phone is, in `devices.json` (listed by `web devices`, ended by `web revoke`):
/// its cookie lasts as a device's, so a restart of noiseweb does not sign it out, and a launcher page only the user
/// can read signs a fresh browser profile in again after a reboot. Run again, it keeps the same kiosk.
struct KioskSetup {
    let paths: XDGPaths
    /// The loopback page's address, `http://127.0.0.1:7470`.
    let base: String
    let json: Bool

    /// `--kiosk --json`.
    struct Shown: Encodable {
        var id: String
        var launcher: String
        var command: [String]
    }

    func run() throws {
        let folder = paths.webLANDirectory
        let launcher = folder + "/kiosk.html"
        let kiosk: PairedDevice
        do {
            try WebStateFolder.ensurePrivate(folder)
            kiosk = try PairedDeviceFile(folder: folder).update { devices in
                if let kept = devices.first(where: \.isKiosk), kept.key != nil { return kept }
                devices.removeAll(where: \.isKiosk)
                let made = PairedDevice(
                    id: PairedDevice.newID(taken: devices), name: "kiosk on this machine",
                    token: WebSecret.random().text, key: WebSecret.random().text, kiosk: true,
                    pairedUnix: Int64(WallTime.seconds().rounded(.down)))
                devices.append(made)
                return made
            }
            let url = "\(base)/login?kiosk=\(kiosk.key ?? "")"
            try LocalFile.replace(launcher, with: Array(LoginLauncher.page(opening: url).utf8), newFileMode: 0o600)
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        // A profile of its own, so the kiosk is a browser apart from the person's (one already running would take the
        // page as a new tab and ignore --kiosk).
        let command = [
            "chromium", "--kiosk", "--noerrdialogs", "--disable-session-crashed-bubble",
            "--user-data-dir=\(folder)/kiosk-browser", "file://\(launcher)",
        ]
        if json { return Output.json(Shown(id: kiosk.id, launcher: launcher, command: command)) }
        Output.line("The kiosk (id \(kiosk.id)) signs in through \(launcher), readable only by you. Start it with:")
        Output.line("  " + command.joined(separator: " "))
        Output.line(
            "Put that line in your session's autostart to have it at every login; 'noisectl web revoke \(kiosk.id)' ends it."
        )
    }
}
