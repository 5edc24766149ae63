import Glibc

extension Player {
    /// Test-only (reached through `SignalService` when `NOISED_TEST_FAULTS=wedge`): blocks the actor's thread
    /// for good, the way a deadlock or an endless loop in the player would, so a test can check that the
    /// watchdog pings stop and systemd would restart the daemon. Never returns.
    func wedgeForTesting() {
        while true { Glibc.pause() }
    }
}
