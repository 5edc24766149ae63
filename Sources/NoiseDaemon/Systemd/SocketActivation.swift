import CSystemd
import Glibc

/// The listening socket systemd (or `systemd-socket-activate`) passed us, read with libsystemd's
/// `sd_listen_fds_with_names(3)`: only when `LISTEN_PID` is ours; it clears the variables so that children do not
/// inherit them, and marks the descriptors close-on-exec.
enum SocketActivation {
    /// The name our socket unit gives its socket (`FileDescriptorName=`); without it, the first one is used.
    static let socketName = "noised"

    /// The descriptor to serve on; nil when not socket-activated.
    static func adopt() -> Int32? {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = Int(sd_listen_fds_with_names(1, &names))
        defer {
            if let names {
                for index in 0..<max(count, 0) { free(names[index]) }
                free(names)
            }
        }
        guard count > 0 else { return nil }
        let listed = (0..<count).map { index in names?[index].map { String(cString: $0) } ?? "" }
        return Int32(SD_LISTEN_FDS_START) + Int32(ours(names: listed))
    }

    /// Pure: which of the passed descriptors is ours, by its name (systemd names each `unknown` unless the unit
    /// says otherwise).
    static func ours(names: [String]) -> Int {
        names.firstIndex(of: socketName) ?? 0
    }
}
