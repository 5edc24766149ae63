import Glibc
import NoiseCore
import NoiseSystem

/// Where a client finds the daemon's socket.
public enum DaemonSocket {
    /// The socket `option` names (a client's `--socket`), else the default: `$NOISED_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/noised/socket` (docs/protocol.md).
    public static func path(option: String?) -> String {
        XDGPaths(variable: ProcessEnvironment.variable).socketLocation(option: option, uid: getuid()).path
    }
}
