import NoiseAlarms
import NoiseClient
import NoiseClientAsync
import NoiseCore
import NoiseProtocol
import NoiseTesting
import Testing

/// `DaemonClient` against the real control server and request handler in this process (`TestDaemon`).
@Suite("async client", .timeLimit(.minutes(1)))
struct DaemonClientTests {
    @Test("status comes back typed, after the greeting")
    func status() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            #expect(client.hello.protocol == Limits.protocolVersion)
            let status = try await client.call(Commands.Status())
            #expect(status.catalog.sounds == TestDaemon.sounds.count)
            #expect(status.playing.isEmpty)
            await client.close()
        }
    }

    @Test("the daemon's refusal arrives as its code and message, and changes nothing")
    func refusal() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            let failure = await #expect(throws: ClientFailure.self) {
                try await client.call(Commands.Play(sounds: ["rian"]))
            }
            #expect(failure?.code == .unknownSound)
            #expect(failure?.exitCode == 1)
            #expect(failure?.message.contains("did you mean rain?") == true)
            // The connection goes on after a refusal.
            #expect(try await client.call(Commands.Status()).playing.isEmpty)
            await client.close()
        }
    }

    @Test("requests in flight together each get their own reply")
    func concurrent() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            async let sounds = client.call(Commands.Sounds())
            async let status = client.call(Commands.Status())
            #expect(try await sounds.sounds.map(\.id).sorted() == ["classic", "fan", "rain"])
            #expect(try await status.version == Limits.version)
            // Ten alarms added at once: each reply is the alarm its own request asked for.
            let times = (5..<15).map { ($0 < 10 ? "0" : "") + "\($0):30" }
            let added = try await withThrowingTaskGroup(of: (String, String).self) { group in
                for time in times {
                    group.addTask {
                        (
                            time,
                            try await client.call(Commands.AlarmAdd(AlarmChanges(time: try TimeOfDay.parse(time))))
                                .alarm.time.description
                        )
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(added == Dictionary(uniqueKeysWithValues: times.map { ($0, $0) }))
            await client.close()
        }
    }

    @Test("a cancelled request ends, and the requests after it still get their own replies")
    func cancelled() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            for _ in 0..<20 {
                let sounds = Task { try await client.call(Commands.Sounds()) }
                sounds.cancel()
                // Cancelled before it was sent, or while it waited, or answered first: any of the three.
                _ = try? await sounds.value
                // Were the abandoned request's reply taken for this one, it would not read as a status.
                #expect(try await client.call(Commands.Status()).version == Limits.version)
            }
            await client.close()
        }
    }

    @Test("a subscriber gets the typed event another client's request caused")
    func events() async throws {
        try await TestDaemon.run { daemon in
            let watcher = try await DaemonClient.connect(path: daemon.socketPath)
            #expect(try await watcher.subscribe().playing.isEmpty)
            let other = try await DaemonClient.connect(path: daemon.socketPath)
            _ = try await other.call(Commands.Play(sounds: ["fan"]))
            var playing: [String]?
            for try await event in watcher.events {
                if case .playback(let playback) = event.decoded() {
                    playing = playback.playing.map(\.id)
                    break
                }
            }
            #expect(playing == ["fan"])
            await other.close()
            await watcher.close()
        }
    }

    @Test("the daemon stopping ends the events with an error and fails later requests")
    func daemonGoes() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            _ = try await client.subscribe()
            await daemon.stop()
            let failure = await #expect(throws: ClientFailure.self) {
                for try await _ in client.events {}
            }
            #expect(failure?.exitCode == 3)
            let later = await #expect(throws: ClientFailure.self) { try await client.call(Commands.Status()) }
            #expect(later?.exitCode == 3)
            await client.close()
        }
    }

    @Test("closing the client ends its events cleanly and fails what still waits")
    func close() async throws {
        try await TestDaemon.run { daemon in
            let client = try await DaemonClient.connect(path: daemon.socketPath)
            _ = try await client.subscribe()
            let reader = Task {
                var count = 0
                for try await _ in client.events { count += 1 }
                return count
            }
            await client.close()
            // Ends without throwing: the sequence finished, it did not fail.
            let read = try await reader.value
            #expect(read == 0)
            await #expect(throws: ClientFailure.self) { try await client.call(Commands.Status()) }
        }
    }

    @Test("no daemon at the path: unreachable, exit code 3")
    func notRunning() async throws {
        let failure = await #expect(throws: ClientFailure.self) {
            try await DaemonClient.connect(path: "/tmp/noise-client-tests-nobody-listens-\(Limits.version)")
        }
        #expect(failure?.exitCode == 3)
        #expect(failure?.message.contains("noised is not running") == true)
    }
}
