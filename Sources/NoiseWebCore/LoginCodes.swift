import Glibc
import NoiseCore
import NoiseSystem

/// Redeems the one-time codes `noisectl web` writes into `WebStateFolder.codes`: a code is good once, and only
/// while younger than `Limits.loginCodeSeconds`. Deleting its file is what makes it used; `unlink` succeeds for one
/// caller only, so two requests with the same code cannot both get in.
public struct LoginCodes: Sendable {
    public let folder: WebStateFolder

    public init(folder: WebStateFolder) {
        self.folder = folder
    }

    /// Lets `text` in (nil), or says why not. `now` is the wall clock's seconds.
    public func redeem(_ text: String?, now: Double) -> WebRefusal? {
        guard let text, let code = WebSecret(parsing: text) else {
            return Self.refused("That is not a login code (64 hex digits).")
        }
        let path = folder.file(of: code)
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else {
            return Self.refused("That login code is unknown or was used already.")
        }
        guard unlink(path) == 0 else { return Self.refused("That login code is unknown or was used already.") }
        let made = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        guard Self.isFresh(madeAt: made, now: now) else {
            return Self.refused("That login code is older than \(Int(Limits.loginCodeSeconds)) seconds.")
        }
        return nil
    }

    /// A code made at `made` may still be used at `now`: not older than the limit, and not from the future by
    /// more than a second (a file whose time was set by hand).
    public static func isFresh(madeAt made: Double, now: Double) -> Bool {
        let age = now - made
        return age >= -1 && age <= Limits.loginCodeSeconds
    }

    private static func refused(_ reason: String) -> WebRefusal {
        WebRefusal(status: 403, code: "bad_login_code", message: reason + " Run 'noisectl web' for a new one.")
    }
}
