import Testing
@testable import NoiseDaemon

@Suite("systemd environment")
struct SystemdTests {
    @Test func theActivationSocketIsOursOnlyForOurPid() {
        #expect(SocketActivation.descriptor(environment: ["LISTEN_PID": "42", "LISTEN_FDS": "1"], pid: 42) == 3)
        #expect(SocketActivation.descriptor(environment: ["LISTEN_PID": "41", "LISTEN_FDS": "1"], pid: 42) == nil)
        #expect(SocketActivation.descriptor(environment: ["LISTEN_FDS": "1"], pid: 42) == nil)
        #expect(SocketActivation.descriptor(environment: ["LISTEN_PID": "42", "LISTEN_FDS": "0"], pid: 42) == nil)
        #expect(SocketActivation.descriptor(environment: [:], pid: 42) == nil)
    }

    @Test func namedDescriptorsPickOurs() {
        let environment = ["LISTEN_PID": "7", "LISTEN_FDS": "3", "LISTEN_FDNAMES": "other:noised:third"]
        #expect(SocketActivation.descriptor(environment: environment, pid: 7) == 4)
        let unnamed = ["LISTEN_PID": "7", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "a:b"]
        #expect(SocketActivation.descriptor(environment: unnamed, pid: 7) == 3)
    }

    @Test func theWatchdogPingsAtHalfItsIntervalForUsOnly() {
        #expect(ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "30000000"], pid: 5) == 15)
        #expect(ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "5"], pid: 5) == 15)
        #expect(ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "6"], pid: 5) == nil)
        #expect(ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "0"], pid: 5) == nil)
        #expect(ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "soon"], pid: 5) == nil)
        #expect(ServiceNotifier.watchdogInterval(environment: [:], pid: 5) == nil)
    }

    @Test func aNotifierWithoutASocketIsInactive() {
        #expect(!ServiceNotifier(environment: [:]).isActive)
        #expect(!ServiceNotifier(environment: ["NOTIFY_SOCKET": "relative/path"]).isActive)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": "@abstract"]).isActive)
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
