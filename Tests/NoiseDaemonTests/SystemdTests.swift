import NoiseSystemd
import Testing

@testable import NoiseDaemon

/// What is ours in systemd's environment; reading it is libsystemd's (sd_listen_fds_with_names, sd_watchdog_enabled),
/// checked end to end by `test_systemd.py` (activation through `systemd-socket-activate`, the watchdog's pings).
@Suite("systemd environment")
struct SystemdTests {
    @Test func namedDescriptorsPickOurs() {
        #expect(SocketActivation.ours(names: ["other", "noised", "third"], name: "noised") == 1)
        #expect(SocketActivation.ours(names: ["a", "b"], name: "noised") == 0)
        #expect(SocketActivation.ours(names: ["unknown"], name: "noised") == 0)
    }

    @Test func theWatchdogPingsAtHalfItsInterval() {
        #expect(ServiceNotifier.pingInterval(microseconds: 30_000_000) == 15)
        #expect(ServiceNotifier.pingInterval(microseconds: 1_000) == 0.0005)
    }

    @Test func aNotifierWithoutASocketIsInactive() {
        #expect(!ServiceNotifier(environment: [:]).isActive)
        #expect(!ServiceNotifier(environment: ["NOTIFY_SOCKET": "relative/path"]).isActive)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": "@abstract"]).isActive)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": "/run/user/1000/systemd/notify"]).isActive)
    }
}

@Suite("Journal logging")
struct JournalLogTests {
    @Test func levelsMapToSyslogPriorities() {
        #expect(JournalLogHandler.priority(of: .error) == 3)
        #expect(JournalLogHandler.priority(of: .warning) == 4)
        #expect(JournalLogHandler.priority(of: .notice) == 5)
        #expect(JournalLogHandler.priority(of: .info) == 6)
        #expect(JournalLogHandler.priority(of: .debug) == 7)
        #expect(JournalLogHandler.priority(of: .critical) == 2)
    }

    @Test func onlyAMatchingStreamIsTheJournal() {
        #expect(!JournalLogHandler.stderrIsJournal(environment: [:]))
        #expect(!JournalLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "nonsense"]))
        #expect(!JournalLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "1:1"]))
    }
}
