import Glibc
import Logging
import NoiseCore

/// One daemon per state folder: two daemons over one alarm store each ring alarms the other cannot see, and every
/// alarm both know rings twice. An exclusive `flock` on `noised.lock` in the folder, taken before the store is
/// opened and held for the daemon's life. The kernel drops it when the process ends, crash and `kill -9` included,
/// so a leftover file never blocks a start: its text (the holder's pid and socket, for the next daemon's message)
/// is information only, the lock is the truth.
///
/// The text is also how a start knows the last run ended without stopping (docs/reliability.md): a daemon that
/// stops through its own code, cleanly or on an error, writes `stopped` over its pid as it lets go; `kill -9`, an
/// abort or the watchdog's kill leave the pid there for the next start to find.
final class StateFolderLock {
    static let fileName = "noised.lock"
    static let stoppedText = "stopped\n"
    private var descriptor: Int32
    private let writable: Bool
    /// The last daemon on this folder ended without stopping (its pid was still written); false on a first start
    /// and where the file cannot be written (then nothing can be known).
    let lastRunEndedUncleanly: Bool

    private init(descriptor: Int32, writable: Bool, lastRunEndedUncleanly: Bool) {
        self.descriptor = descriptor
        self.writable = writable
        self.lastRunEndedUncleanly = lastRunEndedUncleanly
    }

    deinit { release() }

    /// Takes the lock, or throws naming the daemon that holds it. A folder where no lock can be had (read-only and
    /// without the file, a file system without locks) must not keep the alarms from ringing: nil, and why is logged.
    static func take(folder: String, socketPath: String, logger: Logger) throws(StartupError) -> StateFolderLock? {
        try? LocalFileSystem().createDirectory(folder)
        let path = folder + "/" + fileName
        // Close-on-exec: a child holding a copy would keep the lock after the daemon is gone.
        var descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        let writable = descriptor >= 0
        if !writable { descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            logger.warning(
                "cannot lock the state folder \(folder) (\(path): \(String(cString: strerror(errno)))); a second noised using it would not be noticed"
            )
            return nil
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Holder(text: readAll(descriptor))
            close(descriptor)
            guard code == EWOULDBLOCK else {
                logger.warning(
                    "cannot lock the state folder \(folder) (\(path): \(String(cString: strerror(code)))); a second noised using it would not be noticed"
                )
                return nil
            }
            throw StartupError("another noised (\(holder.description)) already uses \(folder); stop it first")
        }
        let unclean = writable && Holder(text: readAll(descriptor)).pid != nil
        if writable { overwrite(descriptor, with: "pid \(getpid())\nsocket \(socketPath)\n") }
        return StateFolderLock(descriptor: descriptor, writable: writable, lastRunEndedUncleanly: unclean)
    }

    /// Lets the next daemon in, saying this one stopped (also done by `deinit`, when `Daemon.run` ends by an error;
    /// the kernel drops the lock of a process that ends otherwise, and the pid stays).
    func release() {
        guard descriptor >= 0 else { return }
        if writable { Self.overwrite(descriptor, with: Self.stoppedText) }
        close(descriptor)
        descriptor = -1
    }

    private static func overwrite(_ descriptor: Int32, with text: String) {
        let bytes = Array(text.utf8)
        _ = ftruncate(descriptor, 0)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    private static func readAll(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }

    /// What the lock file says about the daemon holding it.
    struct Holder {
        var pid: String?
        var socket: String?

        init(text: String) {
            for line in text.split(separator: "\n") {
                if line.hasPrefix("pid ") { pid = String(line.dropFirst(4)) }
                if line.hasPrefix("socket ") { socket = String(line.dropFirst(7)) }
            }
        }

        /// "pid 1234, socket /run/user/1000/noised/socket"; the holder may not have written it yet.
        var description: String {
            "pid \(pid ?? "unknown"), socket \(socket ?? "unknown")"
        }
    }
}
