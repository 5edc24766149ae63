import Glibc
import NoiseCore

/// Makes and checks the control socket's folders before the daemon binds there, so that no other user can replace
/// the socket with a server of their own (which `noisectl` would then send the user's commands to).
///
/// The folders above the anchor (`$XDG_RUNTIME_DIR`, `/tmp`, a chosen socket's folder) need only be writable by
/// nobody but the user and root; the folders noised names for itself are made, opened and checked one inside the
/// other through descriptors (`mkdirat`, `openat` with `O_NOFOLLOW`, `fstat`), so a link or another user's folder
/// cannot be slipped in between the check and the use. Once they pass, only the user and root can change the path.
enum SocketFolders {
    static func secure(_ location: SocketLocation) throws(StartupError) {
        let user = getuid()
        let anchor = location.anchor
        try makeMissing(anchor)
        try checkAbove(anchor, location: location, user: user)
        var parent = open(anchor, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { throw StartupError("cannot open the socket folder \(anchor): \(reason())") }
        defer { close(parent) }
        for folder in location.privateFolders {
            let name = String(folder.split(separator: "/").last ?? "")
            if mkdirat(parent, name, 0o700) != 0 && errno != EEXIST {
                throw StartupError("cannot create the socket folder \(folder): \(reason())")
            }
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else { throw refusal(openProblem(folder, in: parent, name: name), location) }
            close(parent)
            parent = child
            var info = stat()
            guard fstat(child, &info) == 0 else {
                throw StartupError("cannot check the socket folder \(folder): \(reason())")
            }
            if let problem = SocketFolderRule.privateToUser.problem(
                folder: folder, owner: info.st_uid, mode: info.st_mode, user: user)
            {
                throw refusal(problem, location)
            }
        }
    }

    /// The anchor and every folder above it, as they really are (links resolved): the user's or root's, and
    /// writable by nobody else unless sticky. A chosen socket's own folder must not be a link either.
    private static func checkAbove(_ anchor: String, location: SocketLocation, user: UInt32) throws(StartupError) {
        if location.origin == .chosen, let target = linkTarget(anchor) {
            throw refusal(
                "\(anchor) is a symbolic link (to \(target)): the socket would be reached through it", location)
        }
        guard let resolved = realpath(anchor, nil) else {
            throw StartupError("cannot resolve the socket folder \(anchor): \(reason())")
        }
        let real = String(cString: resolved)
        free(resolved)
        var prefix = ""
        for component in [""] + real.split(separator: "/").map(String.init) {
            prefix = component.isEmpty ? "/" : (prefix == "/" ? "" : prefix) + "/" + component
            var info = stat()
            guard lstat(prefix, &info) == 0 else {
                throw StartupError("cannot check the socket folder \(prefix): \(reason())")
            }
            if let problem = SocketFolderRule.writableOnlyByUser.problem(
                folder: prefix, owner: info.st_uid, mode: info.st_mode, user: user)
            {
                throw refusal(problem, location)
            }
        }
    }

    /// Why `openat(…, O_NOFOLLOW | O_DIRECTORY)` refused `name`: a link (named with its target) or not a folder.
    private static func openProblem(_ folder: String, in parent: Int32, name: String) -> String {
        let code = errno
        var info = stat()
        if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            return
                "\(folder) is a symbolic link (to \(linkTarget(folder) ?? "?")): a link can lead the socket into a folder another user controls"
        }
        if code == ENOTDIR { return "\(folder) is not a folder" }
        return "\(folder) cannot be opened: \(String(cString: strerror(code)))"
    }

    private static func linkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        return count < 0 ? "?" : String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func refusal(_ problem: String, _ location: SocketLocation) -> StartupError {
        StartupError("socket folder \(problem); \(location.remedy)")
    }

    /// Creates `folder` and any missing folder above it, each mode 0700.
    private static func makeMissing(_ folder: String) throws(StartupError) {
        var info = stat()
        guard stat(folder, &info) != 0 else { return }
        var partial = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw StartupError("cannot create \(partial): \(reason())")
            }
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
