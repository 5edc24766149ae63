import CSystemd
import Glibc

/// The listening socket systemd (or `systemd-socket-activate`) passed us, read with libsystemd's
/// `sd_listen_fds_with_names(3)`: only when `LISTEN_PID` is ours; it clears the variables so that children do not
/// inherit them, and marks the descriptors close-on-exec. noised's socket unit names its socket `noised`,
/// noiseweb's `noiseweb`.
public enum SocketActivation {
    /// The descriptor to serve on; nil when not socket-activated. `name` is the unit's `FileDescriptorName=`;
    /// without one of that name, the first descriptor is used.
    public static func adopt(name: String) -> Int32? {
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
        return Int32(SD_LISTEN_FDS_START) + Int32(ours(names: listed, name: name))
    }

    /// Pure: which of the passed descriptors is ours, by its name (systemd names each `unknown` unless the unit
    /// says otherwise).
    public static func ours(names: [String], name: String) -> Int {
        names.firstIndex(of: name) ?? 0
    }
}
