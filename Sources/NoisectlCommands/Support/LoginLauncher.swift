import Glibc
import NoiseCore
import NoiseSystem

/// The page `noisectl web` hands the browser instead of the login URL (docs/web.md, "Logging in"): a file only the
/// user can read, in a folder only they can enter, that sends the browser on to the URL with its code. A browser's
/// command line, and xdg-open's, can be read by every local user in /proc; this page's name is all they would see.
/// The same page, kept, is a kiosk's way back in after a reboot (`KioskSetup`).
enum LoginLauncher {
    /// The page's text: a refresh to `url`, dark, with a link should the browser not follow it.
    static func page(opening url: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="dark">
        <meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0; url=\(url)">
        <title>NoiseClock</title></head>
        <body><p>Opening <a href="\(url)">NoiseClock</a>…</p></body></html>

        """
    }

    /// Writes a new launcher page into `folder` (0600, a random name), answering its path.
    static func write(opening url: String, in folder: String) throws(LocalFile.Failure) -> String {
        let name = WebSecret.random().text.prefix(16) + ".html"
        let path = folder + "/" + name
        try WebStateFolder.createPrivate(path, contents: Array(page(opening: url).utf8))
        return path
    }

    /// Starts `xdg-open` on the page, not waiting for it (the browser may run long after noisectl is done).
    static func open(_ path: String) -> Bool {
        let command: [String] = ["xdg-open", "file://" + path]
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        return posix_spawnp(&child, "xdg-open", nil, nil, argv, environ) == 0
    }
}
