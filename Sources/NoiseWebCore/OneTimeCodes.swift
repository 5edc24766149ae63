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
    private var remedy: String {
        kind == .login ? "Run 'noisectl web' for a new one." : "Run 'noisectl web pair' for a new one."
    }

    /// Lets `text` in and hands what its file holds (a pairing's device name, else empty) to `use`, whose answer is
    /// the redemption's; or says why not. The code is claimed first (its file renamed: one `rename` succeeds, so two
    /// requests with the same code cannot both get in) and spent only when `use` succeeds: a pairing that then fails
    /// to save (a full disk) leaves the code good for another try. `now` is the wall clock's seconds.
    public func redeem<Answer>(
        _ text: String?, now: Double,
        use: (String) -> Result<Answer, WebRefusal>
    ) -> Result<Answer, WebRefusal> {
        guard let text, let code = WebSecret(parsing: text) else {
            return .failure(refused("That is not a \(what) (64 hex digits)."))
        }
        let path = folder.file(of: code, in: kind == .login ? folder.codes : folder.pairCodes)
        let claimed = path + WebStateFolder.claimedSuffix
        let unknown = refused("That \(what) is unknown or was used already.")
        guard rename(path, claimed) == 0 else { return .failure(unknown) }
        let descriptor = open(claimed, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid()
        else {
            if descriptor >= 0 { close(descriptor) }
            unlink(claimed)
            return .failure(unknown)
        }
        let contents =
            (try? LocalFile.readAll(from: descriptor, name: path, maxBytes: 256, kind: "a code's file")) ?? []
        close(descriptor)
        let made = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        if let stale = Self.staleness(madeAt: made, now: now, lifetime: lifetime) {
            unlink(claimed)
            return .failure(refused("That \(what) \(stale)."))
        }
        let answer = use(String(decoding: contents, as: UTF8.self))
        if case .failure = answer { rename(claimed, path) } else { unlink(claimed) }
        return answer
    }

    /// Why a code made at `made` may not be used at `now`, else nil: older than `lifetime`, or from the future by more
    /// than a second (a file whose time was set by hand, or a clock stepped back since).
    public static func staleness(
        madeAt made: Double, now: Double, lifetime: Double = Limits.loginCodeSeconds
    ) -> String? {
        let age = now - made
        if age < -1 { return "is dated \(Int((-age).rounded(.up))) seconds ahead of this machine's clock" }
        if age > lifetime { return "is older than \(Int(lifetime)) seconds" }
        return nil
    }

    private func refused(_ reason: String) -> WebRefusal {
        WebRefusal(
            status: 403, code: kind == .login ? "bad_login_code" : "bad_pairing_code", message: reason + " " + remedy)
    }
}
