import Glibc
import NoiseCore
import NoiseSystem

/// Redeems the one-time codes noisectl writes into noiseweb's private folder: login codes (`noisectl web`, for the
/// loopback page) and pairing codes (`noisectl web pair`, for a device on the LAN). A code is good once, and only
/// while younger than its kind's lifetime. Deleting its file is what makes it used; `unlink` succeeds for one
/// caller only, so two requests with the same code cannot both get in.
public struct OneTimeCodes: Sendable {
    public enum Kind: Sendable {
        /// `WebStateFolder.codes`, `Limits.loginCodeSeconds`.
        case login
        /// `WebStateFolder.pairCodes`, `Limits.pairCodeSeconds`; a file holds the device's name, if one was given.
        case pairing
    }

    public let folder: WebStateFolder
    public let kind: Kind

    public init(folder: WebStateFolder, kind: Kind = .login) {
        self.folder = folder
        self.kind = kind
    }

    var lifetime: Double { kind == .login ? Limits.loginCodeSeconds : Limits.pairCodeSeconds }
    private var what: String { kind == .login ? "login code" : "pairing code" }
    private var remedy: String { kind == .login ? "Run 'noisectl web' for a new one." : "Run 'noisectl web pair' for a new one." }

    /// Lets `text` in, answering what its file holds (a pairing's device name, else empty), or says why not. `now`
    /// is the wall clock's seconds.
    public func redeem(_ text: String?, now: Double) -> Result<String, WebRefusal> {
        guard let text, let code = WebSecret(parsing: text) else {
            return .failure(refused("That is not a \(what) (64 hex digits)."))
        }
        let path = folder.file(of: code, in: kind == .login ? folder.codes : folder.pairCodes)
        let unknown = refused("That \(what) is unknown or was used already.")
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(unknown) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else {
            return .failure(unknown)
        }
        let contents = (try? LocalFile.readAll(from: descriptor, name: path, maxBytes: 256, kind: "a code's file")) ?? []
        guard unlink(path) == 0 else { return .failure(unknown) }
        let made = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        guard Self.isFresh(madeAt: made, now: now, lifetime: lifetime) else {
            return .failure(refused("That \(what) is older than \(Int(lifetime)) seconds."))
        }
        return .success(String(decoding: contents, as: UTF8.self))
    }

    /// A code made at `made` may still be used at `now`: not older than `lifetime`, and not from the future by
    /// more than a second (a file whose time was set by hand).
    public static func isFresh(madeAt made: Double, now: Double, lifetime: Double = Limits.loginCodeSeconds) -> Bool {
        let age = now - made
        return age >= -1 && age <= lifetime
    }

    private func refused(_ reason: String) -> WebRefusal {
        WebRefusal(status: 403, code: kind == .login ? "bad_login_code" : "bad_pairing_code", message: reason + " " + remedy)
    }
}
