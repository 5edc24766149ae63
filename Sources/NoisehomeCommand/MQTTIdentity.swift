import Glibc
import NoiseConfig

/// Who noisehome is on the broker: its client id, and the password read from `[mqtt] password_file`.
enum MQTTIdentity {
    /// `noiseclock-` and the host's name (letters, digits, `-` and `_` only; at most 64 in all).
    static func defaultClientID() -> String {
        var name = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "host"
        let kept = host.unicodeScalars.map { MQTTSettings.isName(String($0), levels: false) ? Character($0) : "_" }
        return String(("noiseclock-" + String(kept)).prefix(64))
    }

    /// The password file's first line. Refused when others than this user may read the file (the password would be
    /// theirs too) or it is not a regular file; the password itself is never logged.
    static func password(in path: String) throws(MQTTFailure) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            throw MQTTFailure("cannot read the password file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw MQTTFailure("the password file \(path) is not a regular file")
        }
        guard info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            throw MQTTFailure(
                "the password file \(path) may be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); "
                    + "chmod 600 it")
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { throw MQTTFailure("the password file \(path) is empty") }
        let line = bytes[..<count].prefix { $0 != 0x0A && $0 != 0x0D }
        return String(decoding: line, as: UTF8.self)
    }
}
