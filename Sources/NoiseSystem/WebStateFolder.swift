import Glibc
import NoiseCore

/// noiseweb's private folder and the one-time login codes in it (docs/web.md, "Logging in"): `noisectl web` writes
/// a code as an empty file `codes/<code>`, noiseweb deletes it as it lets the browser in. Only the same user can
/// write there (the folders are theirs and 0700, the files 0600), so only they can make a code: noisectl needs no
/// HTTP client, and no other local user can log in. Blocking file calls, each a few microseconds.
public struct WebStateFolder: Sendable {
    /// `$XDG_RUNTIME_DIR/noiseweb`.
    public let path: String
    /// Where the login codes are.
    public var codes: String { path + "/codes" }
    /// Where the pairing codes are (`noisectl web pair`): each file's contents are the device's name, if given.
    public var pairCodes: String { path + "/pair" }
    /// Where `noisectl web` puts the page that hands a browser its login code (`LoginLauncher`): a browser is
    /// started with this page's name on its command line, which every user can read, never with the code.
    public var launchers: String { path + "/open" }
    /// What a code's file is renamed to while noiseweb redeems it (`OneTimeCodes`).
    public static let claimedSuffix = ".claimed"

    public init(paths: XDGPaths, uid: UInt32 = getuid()) {
        path = paths.webStateDirectory(uid: uid)
    }

    public init(path: String) {
        self.path = path
    }

    /// Creates the folders when missing (0700) and checks that both are the user's own, 0700 and not links: a
    /// folder another user could write to would let them plant codes.
    public func prepare() throws(LocalFile.Failure) {
        try Self.ensurePrivate(path)
        try Self.ensurePrivate(codes)
        try Self.ensurePrivate(pairCodes)
        try Self.ensurePrivate(launchers)
    }

    /// Removes what is past its use: codes never redeemed and launcher pages older than their code's lifetime, and
    /// claims a stopped noiseweb left. Run as a code is made and as noiseweb starts, so the folders hold only the last
    /// few minutes' files, however often `noisectl web` runs. `now` is the wall clock's seconds.
    public func removeExpired(now: Double) {
        for (folder, lifetime) in [
            (codes, Limits.loginCodeSeconds), (launchers, Limits.loginCodeSeconds),
            (pairCodes, Limits.pairCodeSeconds),
        ] {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                var info = stat()
                let file = folder + "/" + name
                guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let made = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
                // A file dated ahead of the clock is past use too: it can never be redeemed (`OneTimeCodes`).
                if now - made > lifetime || made - now > 1 { unlink(file) }
            }
        }
    }

    /// The file that stands for `code` in `folder` (`codes` or `pairCodes`).
    public func file(of code: WebSecret, in folder: String? = nil) -> String { (folder ?? codes) + "/" + code.text }

    /// Writes a new code's file, 0600, with `contents`, refusing to follow or reuse anything already at that name.
    public func write(_ code: WebSecret, in folder: String? = nil, contents: [UInt8] = []) throws(LocalFile.Failure) {
        try Self.createPrivate(file(of: code, in: folder), contents: contents)
    }

    /// Creates a new file, 0600, with `contents`, refusing to follow or reuse anything already at that name.
    public static func createPrivate(_ path: String, contents: [UInt8]) throws(LocalFile.Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system("create", path) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let written = contents.withUnsafeBytes { LocalFile.writeAll($0, to: descriptor) }
        guard written else { throw .system("write", path) }
    }

    /// Makes `folder` when missing (0700, and its parents) and checks it is the user's own, 0700 and not a link.
    public static func ensurePrivate(_ folder: String) throws(LocalFile.Failure) {
        try LocalFile.makeFolders(LocalFile.parentFolder(of: folder))
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw .system("create", folder) }
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw .system("examine", folder) }
        let remedy = "; remove it (it is made anew, private to you)"
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw LocalFile.Failure(description: "\(folder) is not a folder (a link or a file)" + remedy)
        }
        guard info.st_uid == getuid() else {
            throw LocalFile.Failure(
                description: "\(folder) belongs to uid \(info.st_uid), not you (\(getuid()))" + remedy)
        }
        guard info.st_mode & 0o777 == 0o700 else {
            throw LocalFile.Failure(
                description: "\(folder) has mode \(String(info.st_mode & 0o777, radix: 8)), not 700" + remedy)
        }
    }
}
