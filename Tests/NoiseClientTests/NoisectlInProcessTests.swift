import NoiseAlarms
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem
import NoiseTesting
import Testing

@testable import NoisectlCommands

/// noisectl's commands run in this process against `TestDaemon`, from the command line as typed (`NoisectlMain.run`:
/// parsing, the commands, their errors and exit codes), each on a thread of its own (they block on the socket), what
/// they print captured (`OutputCapture`).
@Suite("noisectl in process", .timeLimit(.minutes(1)))
struct NoisectlInProcessTests {
    private struct Run {
        var code: Int32
        var out: String
        var error: String
    }

    private func noisectl(_ daemon: TestDaemon, _ arguments: String...) async -> Run {
        let arguments = ["--socket", daemon.socketPath] + arguments
        return await BlockingWork.run(name: "noisectl") {
            let (code, capture) = OutputCapture.run { NoisectlMain.run(arguments) }
            return Run(code: code, out: capture.out, error: capture.error)
        }
    }

    @Test("status prints what plays and the daemon's version")
    func status() async throws {
        try await TestDaemon.run { daemon in
            let run = await noisectl(daemon, "status")
            #expect(run.code == 0)
            #expect(run.out.contains(Limits.version))
            #expect(run.error.isEmpty)
        }
    }

    @Test("play then stop: the daemon plays the sound, then nothing")
    func playStop() async throws {
        try await TestDaemon.run { daemon in
            let play = await noisectl(daemon, "play", "rain", "--volume", "40")
            #expect(play.code == 0, "\(play.error)")
            #expect(await daemon.daemon.player.playback().playing.map(\.id) == ["rain"])
            let status = await noisectl(daemon, "status")
            #expect(status.out.contains("Rain"))
            let stop = await noisectl(daemon, "stop")
            #expect(stop.code == 0)
            #expect(stop.out.contains("Stopping: Rain") || stop.out.contains("Stopping: rain"))
            #expect(await daemon.daemon.player.playback().playing.allSatisfy { $0.state == .fadingOut })
        }
    }

    @Test("alarm add 07:00 --repeat weekdays, then alarm list shows it")
    func alarmList() async throws {
        try await TestDaemon.run { daemon in
            let add = await noisectl(daemon, "alarm", "add", "07:00", "--repeat", "weekdays", "--label", "Work")
            #expect(add.code == 0, "\(add.error)")
            #expect(add.out.contains("07:00"))
            let alarms = await daemon.daemon.scheduler.list()
            #expect(alarms.map(\.alarm.time.description) == ["07:00"])
            #expect(alarms.first?.alarm.label == "Work")
            let list = await noisectl(daemon, "alarm", "list")
            #expect(list.code == 0)
            let row = list.out.split(separator: "\n").first { $0.contains("Work") }
            #expect(row?.contains("07:00") == true)
            #expect(row?.contains("weekdays") == true)
        }
    }

    @Test("alarm add 07:00 --mars jezero: an alarm on Perseverance's clock")
    func marsAlarm() async throws {
        try await TestDaemon.run { daemon in
            let add = await noisectl(daemon, "alarm", "add", "07:00", "--mars", "jezero")
            #expect(add.code == 0, "\(add.error)")
            let alarms = await daemon.daemon.scheduler.list()
            #expect(alarms.count == 1)
            #expect(alarms.first.map { AlarmRuleFields($0.alarm.rule).mars?.site } == "perseverance")
            #expect(alarms.first?.nextTrigger != nil)
        }
    }

    @Test("input refused: its message, exit code 2 or 1, and nothing changed")
    func refused() async throws {
        try await TestDaemon.run { daemon in
            let time = await noisectl(daemon, "alarm", "add", "25:00")
            #expect(time.code == 2)
            #expect(time.error.hasPrefix("noisectl: "))
            #expect(time.error.contains("25:00"))
            #expect(await daemon.daemon.scheduler.list().isEmpty)
            let sound = await noisectl(daemon, "play", "rian")
            #expect(sound.code == 1)
            #expect(sound.error.contains("unknown sound 'rian'"))
            #expect(await daemon.daemon.player.playback().playing.isEmpty)
        }
    }

    @Test("--json status is the daemon's data; --json errors are objects")
    func json() async throws {
        try await TestDaemon.run { daemon in
            let status = await noisectl(daemon, "--json", "status")
            #expect(status.code == 0)
            let decoded = try JSONCoding.decode(StatusInfo.self, from: Array(status.out.utf8))
            #expect(decoded.version == Limits.version)
            let refused = await noisectl(daemon, "--json", "play", "rian")
            #expect(refused.code == 1)
            #expect(refused.out.contains(#""code":"unknown_sound""#))
        }
    }
}
