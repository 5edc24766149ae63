import LifeCalendar
import NoiseAlarms
import NoiseClient
import NoiseClientAsync
import NoiseCore
import NoiseProtocol
import NoiseTesting
import NoiseTime
import Testing

/// Issue 52: each command is one type, the only place its arguments' rules live. What a client builds, the daemon
/// reads back as the same command, and the daemon answers every command of the registry.
@Suite("Command schema", .timeLimit(.minutes(1)))
struct CommandSchemaTests {
    /// One command of each type, with arguments where it takes them.
    static let samples: [any DaemonCommand] = {
        let day = try! LocalDate.parse("2026-11-27")
        return [
            Commands.Ping(), Commands.Status(), Commands.Subscribe(), Commands.Sounds(category: "noise"),
            Commands.Play(sounds: ["rain"], volume: 40, fadeIn: 2, for: 60, fadeOut: 5),
            Commands.Play(sounds: [], mix: "night"),
            Commands.Play(sounds: ["rain"], for: 2700, fadeTo: 10), Commands.SleepExtend(seconds: 900),
            Commands.Stop(sounds: ["rain"], fade: 3), Commands.Stop(timer: true),
            Commands.Volume(change: -10, sound: "rain"),
            Commands.Pause(fade: 1), Commands.Resume(fadeIn: 2), Commands.Toggle(), Commands.MixSave(name: "night"),
            Commands.MixList(), Commands.MixRemove(name: "night"),
            Commands.Import(path: "/tmp/x.flac", id: "x", name: "X", category: "custom", kind: .alarm),
            Commands.SoundRemove(id: "x", force: true), Commands.SoundRename(id: "x", name: "Waves"),
            Commands.Preview(sound: "classic", for: 2, volume: 30),
            Commands.AlarmAdd(AlarmChanges(time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays)),
            Commands.AlarmEdit(id: 99, AlarmChanges(time: TimeOfDay(hour: 6, minute: 45))),
            Commands.AlarmEnable(id: 99), Commands.AlarmDisable(id: 99), Commands.AlarmRemove(id: 99),
            Commands.AlarmRemove(ids: [98, 99]), Commands.AlarmDuplicate(id: 99), Commands.AlarmShow(id: 99),
            Commands.AlarmSkip(id: 99), Commands.AlarmSkip(id: 99, undo: true), Commands.AlarmSkip(.next),
            Commands.AlarmPause(id: 99, .until(try! LocalDate.parse("2027-01-04"))), Commands.AlarmPause(id: 99, .undo),
            Commands.AlarmTest(id: 99),
            Commands.AlarmList(offset: 5, limit: 10), Commands.AlarmNext(), Commands.AlarmMissed(),
            Commands.AlarmMissedClear(),
            Commands.TimerAdd(seconds: 600, label: "Tea"), Commands.TimerList(), Commands.TimerCancel(ids: [99]),
            Commands.Snooze(minutes: 5, id: 99), Commands.Dismiss(id: 99), Commands.StoreCheck(),
            Commands.StoreRecover(),
            Commands.LifeShow(), Commands.LifeSet(birth: try! LocalDate.parse("1990-01-01"), years: 85),
            Commands.HabitAdd(name: "Reading", minutes: 15), Commands.HabitRemove(name: "Reading"),
            Commands.HabitList(),
            Commands.HabitTap(name: "Reading", sign: -1), Commands.HabitUndo(),
            Commands.HabitToday(date: day, before: 3, limit: 5),
            Commands.HabitStats(weeks: 4), Commands.GratitudeWrite(text: "Rain", date: day, mode: .append),
            Commands.GratitudeShow(date: day), Commands.GratitudeList(since: day, limit: 10),
            Commands.GratitudeSearch(words: "rain"),
            Commands.GratitudeExport(after: day, limit: 3),
            Commands.GratitudeImport(
                entries: [GratitudeEntry(date: day, text: "Rain", savedAt: 5)], stage: "a", last: true),
            Commands.GratitudeRemind(.set(TimeOfDay(hour: 21, minute: 30))), Commands.GratitudeRemind(.off),
        ]
    }()

    @Test func theSamplesCoverTheRegistryAndItsNamesAreUnique() {
        #expect(Set(Self.samples.map { type(of: $0).name }) == Set(CommandRegistry.names))
        #expect(Set(CommandRegistry.names).count == CommandRegistry.names.count)
    }

    /// The client's encoding and the daemon's decoder agree: a command sent is the command read.
    @Test func whatAClientSendsTheDaemonReadsBack() throws {
        for command in Self.samples {
            let line = try JSONCoding.line(RequestLineSample(cmd: type(of: command).name, args: try command.arguments))
            let request = try RequestDecoder.decode(line).get()
            #expect(
                request.command.isEqual(to: command),
                "\(type(of: command).name): \(String(decoding: line, as: UTF8.self))")
        }
    }

    /// A client's mistake is refused by the daemon's decoder, with its message, and changes nothing: a client sends
    /// its command unchecked (DaemonConnection.call), so the daemon's check is the one that counts.
    @Test func aClientsMistakeIsRefusedByTheDaemonsDecoder() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            let before = try await client.call(Commands.Status()).masterVolume
            for (command, message) in [
                (
                    Commands.Volume(volume: 140) as any DaemonCommand,
                    "volume: 'volume' must be a number from 0 to 100, got 140"
                ),
                (
                    Commands.Play(sounds: []),
                    "play needs 'sounds' (a non-empty list of sound ids) or 'mix' (the name of "
                        + "a saved mix), one of them"
                ),
            ] {
                let arguments = try command.arguments
                do throws(ClientFailure) {
                    _ = try await client.relay(type(of: command).name, arguments: .object(arguments))
                    Issue.record("\(type(of: command).name) was accepted")
                } catch {
                    #expect(error.code == .invalidArgument)
                    #expect(error.message == message)
                }
            }
            do throws(ClientFailure) {
                _ = try await client.call(Commands.Volume(volume: 140))
                Issue.record("volume 140 was accepted through call")
            } catch {
                #expect(error.message == "volume: 'volume' must be a number from 0 to 100, got 140")
            }
            #expect(try await client.call(Commands.Status()).masterVolume == before)
            await client.close()
        }
    }

    /// The daemon has a handler for every command of the registry: none is answered `internal`.
    @Test func theDaemonAnswersEveryCommand() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            for command in Self.samples where !(command is Commands.Subscribe) {
                do throws(ClientFailure) {
                    _ = try await client.relay(type(of: command).name, arguments: .object(try Self.arguments(command)))
                } catch {
                    #expect(
                        error.code != .internal && error.code != .unknownCommand,
                        "\(type(of: command).name): \(error.message)")
                }
            }
            await client.close()
        }
    }

    private static func arguments(_ command: any DaemonCommand) throws(ClientFailure) -> [String: JSONValue] {
        do { return try command.arguments } catch { throw .failed("\(error)") }
    }
}

private struct RequestLineSample: Encodable {
    var cmd: String
    var args: [String: JSONValue]
}
