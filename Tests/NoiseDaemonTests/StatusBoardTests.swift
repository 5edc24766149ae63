import NoiseCore
import Synchronization
import Testing

@testable import NoiseDaemon
@testable import NoiseProtocol

@Suite("status board")
struct StatusBoardTests {
    /// The board's clock, moved by hand.
    final class Now: Sendable {
        let seconds = Mutex(0.0)
        func set(_ value: Double) { seconds.withLock { $0 = value } }
        func read() -> Double { seconds.withLock { $0 } }
    }

    @Test func timesThatMoveByThemselvesAreWorkedOutWhenRead() {
        let now = Now()
        let board = StatusBoard(uptime: { now.read() }, audio: { AudioStatus(device: "test", state: .playing) })
        var playback = StatusBoard.Playback()
        playback.masterVolume = 70
        playback.sounds = [
            .init(
                info: PlayingSound(id: "rain", name: "Rain", volume: 40, state: .fadingIn), fadeInEnds: 2,
                sleep: (10, 3, 0)),
            .init(info: PlayingSound(id: "fan", name: "Fan", volume: 60, state: .fadingOut), fadeInEnds: 0),
        ]
        board.publish(playback)

        now.set(1.5)
        var status = board.status()
        #expect(status.uptimeSeconds == 1, "whole seconds")
        #expect(status.playing.map(\.state) == [.fadingIn, .fadingOut])
        // Fan fades out: rain's timer is when everything has stopped.
        #expect(status.sleepTimer == SleepTimerInfo(remainingSeconds: 8.5, fadeOutSeconds: 3))
        #expect(status.playing.map(\.sleepTimer) == [SleepTimerInfo(remainingSeconds: 8.5, fadeOutSeconds: 3), nil])
        #expect(status.masterVolume == 70)
        #expect(status.audio.device == "test")

        now.set(2)
        status = board.status()
        #expect(status.playing.map(\.state) == [.playing, .fadingOut])
        now.set(12)
        #expect(board.status().sleepTimer?.remainingSeconds == 0)
    }

    @Test func theAlarmsShowTheLastOnsetThePlayerPublished() {
        let board = StatusBoard()
        #expect(board.status().alarms == nil)
        board.publish(
            AlarmsStatus(
                count: 2, next: nil, ringing: [], missed: [], timeZone: "Europe/Berlin",
                wakeFromSuspend: true, wakeNote: nil))
        board.publish(onset: OnsetInfo(writtenSeconds: -0.6, heardSeconds: 0))
        let alarms = board.status().alarms
        #expect(alarms?.count == 2)
        #expect(alarms?.timeZone == "Europe/Berlin")
        #expect(alarms?.lastOnset == OnsetInfo(writtenSeconds: -0.6, heardSeconds: 0))
        board.publish(CatalogSummary(sounds: 11, problems: ["x.mp3: not found"]))
        #expect(board.status().catalog == CatalogSummary(sounds: 11, problems: ["x.mp3: not found"]))
    }

    @Test func anUnchangedStatusIsEncodedOnceForEveryReader() throws {
        let now = Now()
        let board = StatusBoard(uptime: { now.read() })
        let config = ConfigStatus(path: "/c.toml", found: false, problems: [])
        let first = try board.encodedStatus(config: config)
        now.set(0.9)
        let again = try board.encodedStatus(config: config)
        #expect(again == first)
        #expect(
            again.withUnsafeBufferPointer { $0.baseAddress } == first.withUnsafeBufferPointer { $0.baseAddress },
            "the same bytes, not an equal encoding")
        // Each part that changes is in the next reader's encoding: the clock, a publish, the configuration.
        now.set(1.2)
        let later = try board.encodedStatus(config: config)
        #expect(try JSONCoding.decode(StatusInfo.self, from: later).uptimeSeconds == 1)
        board.publish(CatalogSummary(sounds: 4, problems: []))
        #expect(
            try JSONCoding.decode(StatusInfo.self, from: try board.encodedStatus(config: config)).catalog.sounds == 4)
        let found = ConfigStatus(path: "/c.toml", found: true, problems: [])
        #expect(try JSONCoding.decode(StatusInfo.self, from: try board.encodedStatus(config: found)).config == found)
        #expect(try board.encodedStatus(config: found) == JSONCoding.line(board.status(config: found)))
    }
}
