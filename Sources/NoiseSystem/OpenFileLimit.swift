import Glibc

/// The process's limit on open files (`RLIMIT_NOFILE`). A server that takes connections must never reach it: at
/// the limit `accept` fails with EMFILE while the connection waits in the backlog, and SwiftNIO (2.101) then polls
/// the listening socket again at once, for ever (noiseweb spent 21 s of CPU in 9 s so). So a server raises its soft
/// limit as far as it may and sizes its connection limits below what it got.
public enum OpenFileLimit {
    /// Raises the soft limit to the hard one (systemd gives services 1,024 soft and 524,288 hard), up to `most`;
    /// answers the soft limit in force after.
    public static func raise(upTo most: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(rlim_t(most), limit.rlim_max)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return Int(wanted) }
        }
        return Int(min(limit.rlim_cur, rlim_t(Int.max)))
    }
}
