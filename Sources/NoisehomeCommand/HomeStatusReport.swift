import Glibc
import NoiseCore
import NoiseHome
import NoiseSystem

/// `noisehome --status`: reads what the running noisehome wrote (`HomeStatusFile`) and says it.
enum HomeStatusReport {
    static var folder: String {
        XDGPaths(variable: { getenv($0).map { String(cString: $0) } }).homeStateDirectory(uid: getuid())
    }

    /// Prints the status; returns the exit code: 0 all connected, 1 something is not, 3 noisehome is not running.
    static func print() -> Int32 {
        let path = folder + "/" + HomeStatusFile.name
        guard let bytes = try? LocalFile.contents(of: path),
            let status = try? JSONCoding.decode(HomeStatus.self, from: bytes),
            kill(status.pid, 0) == 0 || errno == EPERM
        else {
            var message = "noisehome: not running (no \(path) from a running noisehome)\n"
            _ = message.withUTF8 { LocalFile.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
            return 3
        }
        for line in status.lines(now: HomeStatusFile.now()) { Swift.print(line) }
        return status.allConnected ? 0 : 1
    }
}
