import Glibc

/// The listening socket systemd (or `systemd-socket-activate`) passed us, per `sd_listen_fds(3)`:
/// `LISTEN_PID` must be ours, `LISTEN_FDS` counts descriptors from 3, `LISTEN_FDNAMES` names them.
/// The variables are removed from the environment so that children do not inherit them.
enum SocketActivation {
    /// The first descriptor of the activation environment.
    static let firstDescriptor: Int32 = 3
    /// The name our socket unit gives its socket (`FileDescriptorName=`); without names, the first fd is used.
    static let socketName = "noised"

    /// Pure: which descriptor to serve on, from an environment and our pid; nil when not socket-activated.
    static func descriptor(environment: [String: String], pid: Int32) -> Int32? {
        guard let pidText = environment["LISTEN_PID"], Int32(pidText) == pid,
              let count = environment["LISTEN_FDS"].flatMap({ Int32($0) }), count > 0 else { return nil }
        let names = environment["LISTEN_FDNAMES"]?.split(separator: ":", omittingEmptySubsequences: false).map(String.init) ?? []
        if let index = names.firstIndex(of: socketName), index < count { return firstDescriptor + Int32(index) }
        return firstDescriptor
    }

    /// Reads and clears the activation environment of this process.
    static func adopt(environment: [String: String]) -> Int32? {
        let descriptor = descriptor(environment: environment, pid: getpid())
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        if let descriptor {
            // Ours now: keep it from children too.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return descriptor
    }
}
