import NIOCore
import NoiseCore
import Synchronization
import Testing
@testable import NoiseDaemon

/// `status` replies written from a kept template: every reply must be the reply written whole from the board's
/// status at that moment, and a template is made again only when something but the uptime changed.
@Suite("status replies")
struct StatusRepliesTests {
    /// The board's clock, the output thread's status and the config's, moved by hand; each status with its count of
    /// changes, as `AudioEngine` and `LiveConfiguration` keep them.
    final class World: Sendable {
        let now = Mutex(0.0)
        let audio = Mutex((status: AudioStatus(device: "test", state: .idle), version: UInt64(0)))
        let config = Mutex((status: ConfigStatus?.some(ConfigStatus(path: "/c/config.toml", found: false, problems: [])),
                            version: UInt64(0)))

        func changeAudio(_ change: (inout AudioStatus) -> Void) {
            audio.withLock {
                change(&$0.status)
                $0.version += 1
            }
        }

        func changeConfig(_ change: (inout ConfigStatus?) -> Void) {
            config.withLock {
                change(&$0.status)
                $0.version += 1
            }
        }
    }

    let world: World
    let board: StatusBoard
    let replies = StatusReplies()

    init() {
        let world = World()
        self.world = world
        board = StatusBoard(uptime: { world.now.withLock { $0 } }, audio: { world.audio.withLock { $0.status } },
                            audioVersion: { world.audio.withLock { $0.version } })
    }

    /// The reply as the daemon writes it, and as `Replies.success` writes it whole from the board's status.
    private func check(id: RequestID = .int(7), _ comment: Comment? = nil) throws -> String {
        let (config, configVersion) = world.config.withLock { $0 }
        var buffer = ByteBuffer(string: "before|")
        try replies.write(id: id, board: board, configVersion: configVersion, config: { config }, into: &buffer)
        var status = board.status()
        status.config = config
        let whole = try Replies.success(id: id, data: status)
        let written = String(buffer: buffer)
        #expect(written == "before|" + String(decoding: whole, as: UTF8.self), comment)
        return written
    }

    @Test func anUnchangedStatusIsWrittenFromOneTemplate() throws {
        board.publish(CatalogSummary(sounds: 3, problems: []))
        var uptimes: Set<String> = []
        for step in 0..<200 {
            world.now.withLock { $0 = 10 + Double(step) * 0.0375 }
            uptimes.insert(try check(id: step % 2 == 0 ? .int(Int64(step)) : .string("s\(step)")))
        }
        #expect(uptimes.count == 200)
        #expect(replies.templatesMade == 1)
    }

    @Test func everyKindOfChangeIsShownAtOnce() throws {
        world.now.withLock { $0 = 1 }
        _ = try check()
        var made = replies.templatesMade
        func changed(_ what: Comment) throws {
            _ = try check(what)
            #expect(replies.templatesMade == made + 1, what)
            made = replies.templatesMade
            _ = try check(what)
            #expect(replies.templatesMade == made, what)
        }

        var playback = StatusBoard.Playback()
        playback.sounds = [.init(info: PlayingSound(id: "rain", name: "Rain", volume: 40, state: .playing), fadeInEnds: 0)]
        board.publish(playback)
        try changed("what plays")
        playback.masterVolume = 55
        board.publish(playback)
        try changed("the master volume")
        board.publish(CatalogSummary(sounds: 9, problems: ["x.mp3: not found"]))
        try changed("the catalog")
        board.publish(AlarmsStatus(count: 1, next: nil, ringing: [], missed: [], timeZone: "UTC", wakeFromSuspend: false,
                                   wakeNote: nil))
        try changed("the alarms")
        board.publish(onset: OnsetInfo(writtenSeconds: -0.5, heardSeconds: 0))
        try changed("the last onset")
        world.changeAudio { $0.underruns += 1 }
        try changed("an underrun, which is not published")
        world.changeAudio { $0.state = .playing }
        try changed("the device's state")
        world.changeConfig { $0?.problems = ["line 3: unknown key"] }
        try changed("the config file's problems")
        world.changeConfig { $0 = nil }
        try changed("no config status")
    }

    @Test func aFadeInEndsAndTheSleepTimerCountsDownWithoutAPublication() throws {
        var playback = StatusBoard.Playback()
        playback.sounds = [.init(info: PlayingSound(id: "rain", name: "Rain", volume: 40, state: .fadingIn), fadeInEnds: 5)]
        board.publish(playback)
        world.now.withLock { $0 = 4.5 }
        #expect(try check().contains(#""state":"fading_in""#))
        world.now.withLock { $0 = 4.999 }
        #expect(try check().contains(#""state":"fading_in""#))
        #expect(replies.templatesMade == 1)
        world.now.withLock { $0 = 5 }
        #expect(try check().contains(#""state":"playing""#))
        world.now.withLock { $0 = 6 }
        _ = try check()
        #expect(replies.templatesMade == 2)

        playback.sounds[0].info.state = .playing
        playback.sleepDeadline = 100
        playback.sleepFadeSeconds = 10
        board.publish(playback)
        for now in [50.0, 50.25, 51, 99.999, 100, 120] {
            world.now.withLock { $0 = now }
            _ = try check("sleep timer at \(now)")
        }
    }

    @Test func theUptimeIsShownToTheMillisecond() throws {
        world.now.withLock { $0 = 12.3456789 }
        #expect(try check().contains(#""uptime_seconds":12.345,"#))
        world.now.withLock { $0 = 3600 }
        #expect(try check().contains(#""uptime_seconds":3600,"#))
    }
}
