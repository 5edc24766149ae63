import CSQLite

/// SQLite's commit hook: called on every commit of the connection, an explicit transaction's or a single
/// statement's. For tests that count the store's transactions (each one a sync to disk).
extension SQLiteConnection {
    final class CommitObserver {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Calls `body` on every commit, on the thread committing, before the commit completes; replaces an earlier
    /// observer.
    public func onCommit(_ body: @escaping @Sendable () -> Void) {
        let observer = CommitObserver(body)
        commitObserver = observer
        sqlite3_commit_hook(
            handle,
            { context in
                Unmanaged<CommitObserver>.fromOpaque(context!).takeUnretainedValue().body()
                return 0  // 0: let the commit go ahead
            }, Unmanaged.passUnretained(observer).toOpaque())
    }
}
