import Foundation
import Logging
import NoiseConfig
import NoiseSystem
import NoiseTesting
import Orbits
import Synchronization
import Testing

@testable import NoiseDaemon

/// The downloader's loop on a hand-moved clock, with scripted answers and a real cache in a temporary folder:
/// a failure sleeps the backoff's delay, a retry after it keeps a good set, and then it sleeps an hour. Nothing
/// waits on real time: the test waits for the downloader to park on the clock.
@Suite("Element downloader")
final class ElementDownloaderTests {
    let root: String
    let clock = ManualClock()
    let source = ScriptedSource()
    let board = StatusBoard()

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("elements-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The satellites pass alarms ring for, as the scheduler would say.
    let alarms = AlarmSatellites()

    func downloader() -> ElementDownloader<ManualClock> {
        let reader = ConfigReader(path: root + "/config.toml", home: root)
        let live = LiveConfiguration(reader: reader, overrides: SettingsOverrides(), initial: reader.read())
        let clock = self.clock
        let source = self.source
        var downloader = ElementDownloader(
            cache: ElementCache(path: root + "/elements/elements.json"), live: live,
            clock: clock, logger: Logger(label: "test"), makeSource: { _ in source })
        // The wall clock moves with the test's clock, from a fixed start.
        downloader.wallNow = { 1_800_000_000 + Double(clock.now.offset.components.seconds) }
        let alarms = self.alarms
        downloader.alarmSatellites = { alarms.value.withLock { $0 } }
        downloader.board = board
        return downloader
    }

    var keptEpochs: [Double] {
        get throws {
            try (ElementCache(path: root + "/elements/elements.json").read() ?? []).map(\.epochUnix)
        }
    }

    /// The instant of the sleep the downloader is parked in, once it is.
    func parkedUntil() async -> Duration? {
        await clock.sleeping(count: 1)
        return clock.deadlines.first?.offset
    }

    @Test func aFailureWaitsTheBackoffAndARetryKeepsTheSetThenItSleepsAnHour() async throws {
        let good = ElementDownloadTests.omm(epoch: "2024-01-02T12:00:00.000000")
        source.script([(404, "Not Found"), (200, "No GP data found"), (200, good)])
        let downloader = self.downloader()
        let task = Task { try await downloader.run() }
        defer { task.cancel() }

        #expect(await parkedUntil() == .seconds(60))
        #expect(try keptEpochs == [])
        // Issue 51: while it fails, status says what it waits for, when it asked and when it asks again.
        let failing = try #require(board.status().elements)
        #expect(failing.waitingFor == [25544] && failing.lastTryUnix == 1_800_000_000)
        #expect(failing.nextTryUnix == 1_800_000_060 && failing.lastError == "25544: the server answered HTTP 404")
        clock.advance(by: .seconds(60))
        #expect(await parkedUntil() == .seconds(60 + 120))
        #expect(try keptEpochs == [])
        clock.advance(by: .seconds(120))
        #expect(await parkedUntil() == .seconds(180 + 3600))
        #expect(try keptEpochs == [1_704_196_800])
        #expect(
            source.urls
                == Array(
                    repeating: "https://celestrak.org/NORAD/elements/gp.php?CATNR=25544&FORMAT=json",
                    count: 3))
        // An hour on, nothing is due (downloaded an hour ago): no request, another hour's sleep.
        clock.advance(by: .seconds(3600))
        #expect(await parkedUntil() == .seconds(180 + 7200))
        #expect(source.urls.count == 3)
    }

    /// No satellite in use: the network is left alone. A pass alarm added wakes the downloader at once.
    @Test func nothingIsAskedUntilAPassAlarmWantsASatelliteThenAtOnce() async throws {
        alarms.value.withLock { $0 = [] }
        source.script([(200, ElementDownloadTests.omm(epoch: "2024-01-02T12:00:00.000000"))])
        let downloader = self.downloader()
        let task = Task { try await downloader.run() }
        defer { task.cancel() }

        #expect(await parkedUntil() == .seconds(3600))
        #expect(source.urls.isEmpty)
        // Issue 51: status says nothing is awaited, nothing was asked, and when it looks next.
        let idle = try #require(board.status().elements)
        #expect(idle.waitingFor == [] && idle.lastTryUnix == nil && idle.nextTryUnix == 1_800_003_600)
        clock.advance(by: .seconds(10))
        alarms.value.withLock { $0 = [25544] }
        downloader.wakeup.wake()
        // Woken at once, not at the hour: asked ten seconds in, then an hour's sleep from there.
        await source.fetched(count: 1)
        #expect(await parkedUntil() == .seconds(3610))
        #expect(source.urls == ["https://celestrak.org/NORAD/elements/gp.php?CATNR=25544&FORMAT=json"])
        #expect(try keptEpochs == [1_704_196_800])
    }

    @Test func aSetWithAMeanMotionOfZeroLeavesTheKeptFileAndStatusSaysWhy() async throws {
        let cache = ElementCache(path: root + "/elements/elements.json")
        _ = try cache.store(
            try OrbitMeanElementsMessage.parse(ElementDownloadTests.omm(epoch: "2024-01-01T12:00:00.000000")))
        let before = try Data(contentsOf: URL(fileURLWithPath: cache.path))
        source.script([(200, ElementDownloadTests.omm(epoch: "2024-01-02T12:00:00.000000", meanMotion: "0"))])
        let downloader = self.downloader()
        let task = Task { try await downloader.run() }
        defer { task.cancel() }

        #expect(await parkedUntil() == .seconds(60))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.path)) == before)
        #expect(
            board.status().elements?.lastError == "25544: the set is unusable: the mean motion is 0.0 revolutions "
                + "a day; accepted: 0.02 to 17 (an orbit of the Earth SGP4 models)")
    }

    /// Many satellites: one group request, one write; the same data again writes nothing.
    @Test func manySatellitesComeFromOneGroupRequestAndUnchangedDataWritesNothing() async throws {
        alarms.value.withLock { $0 = [] }
        let cache = ElementCache(path: root + "/elements/elements.json")
        let numbers = Array(40_001...40_020)
        let kept = try numbers.map { number in
            try #require(
                try OrbitMeanElementsMessage.parse(
                    ElementDownloadTests.omm(number, epoch: "2024-01-01T12:00:00.000000")
                ).first)
        }
        _ = try cache.store(kept)
        let group = "[" + numbers.map { ElementDownloadTests.object($0) }.joined(separator: ",") + "]"
        source.script([(200, group), (200, group)])
        let downloader = self.downloader()
        let task = Task { try await downloader.run() }
        defer { task.cancel() }

        #expect(await parkedUntil() == .seconds(3600))
        #expect(source.urls == ["https://celestrak.org/NORAD/elements/gp.php?GROUP=active&FORMAT=json"])
        #expect(try keptEpochs == Array(repeating: 1_704_196_800, count: 20))
        let written = try FileManager.default.attributesOfItem(atPath: cache.path)
        // A day on, the group again with the same sets: nothing is written.
        for _ in 0..<24 {
            clock.advance(by: .seconds(3600))
            await clock.sleeping(count: 1)
        }
        await source.fetched(count: 2)
        #expect(await parkedUntil() == .seconds(25 * 3600))
        #expect(source.urls.count == 2)
        let after = try FileManager.default.attributesOfItem(atPath: cache.path)
        #expect(after[.systemFileNumber] as? Int == written[.systemFileNumber] as? Int)
        #expect(after[.modificationDate] as? Date == written[.modificationDate] as? Date)
    }

    /// Issue 51 (F9): a group answer that lacked kept satellites set off one request each, each answer rewriting
    /// the cache. Now what it lacked is asked for in one batch, and what the batch lacked waits for the next day.
    @Test func whatTheGroupLacksComesInOneBatchAndIsNotAskedForAgainThatDay() async throws {
        alarms.value.withLock { $0 = [] }
        let cache = ElementCache(path: root + "/elements/elements.json")
        let numbers = Array(40_001...40_020)
        _ = try cache.store(
            try numbers.map { number in
                try #require(
                    try OrbitMeanElementsMessage.parse(
                        ElementDownloadTests.omm(number, epoch: "2024-01-01T12:00:00.000000")
                    ).first)
            })
        let answer = { (numbers: ClosedRange<Int>) in
            "[" + numbers.map { ElementDownloadTests.object($0) }.joined(separator: ",") + "]"
        }
        source.script([(200, answer(40_001...40_010)), (200, answer(40_011...40_015))])
        let downloader = self.downloader()
        let task = Task { try await downloader.run() }
        defer { task.cancel() }

        #expect(await parkedUntil() == .seconds(3600))
        #expect(
            source.urls == [
                "https://celestrak.org/NORAD/elements/gp.php?GROUP=active&FORMAT=json",
                "https://celestrak.org/NORAD/elements/gp.php?CATNR="
                    + (40_011...40_020).map { String($0) }.joined(separator: ",") + "&FORMAT=json",
            ])
        #expect(try keptEpochs.filter { $0 == 1_704_196_800 }.count == 15)
        let status = try #require(board.status().elements)
        #expect(status.lastError?.hasPrefix("40016: the answer holds no elements for 40016") == true)
        #expect(status.lastError?.hasSuffix("(and 4 more)") == true)
        #expect(status.lastTryUnix == 1_800_000_000 && status.nextTryUnix == 1_800_003_600 && status.downloading == 0)
        // The rest of the day: hourly looks, no request.
        for hour in 1..<24 {
            clock.advance(by: .seconds(3600))
            #expect(await parkedUntil() == .seconds(3600 * (hour + 1)))
        }
        #expect(source.urls.count == 2)
    }

    /// A transfer that hangs holds up no other: a pass alarm added meanwhile gets its download at once.
    @Test(.timeLimit(.minutes(1))) func aHangingTransferDoesNotHoldUpAnotherSatellite() async throws {
        source.hanging.withLock { $0 = "CATNR=25544" }
        source.script([(200, ElementDownloadTests.omm(20580))])
        let downloader = self.downloader()
        let task = Task { try await downloader.run() }
        defer { task.cancel() }

        await source.fetched(count: 1)
        alarms.value.withLock { $0 = [25544, 20580] }
        downloader.wakeup.wake()
        await source.fetched(count: 2)
        #expect(
            source.urls == [
                "https://celestrak.org/NORAD/elements/gp.php?CATNR=25544&FORMAT=json",
                "https://celestrak.org/NORAD/elements/gp.php?CATNR=20580&FORMAT=json",
            ])
        // Its set is kept while the other transfer still hangs.
        while try keptEpochs.isEmpty { await Task.yield() }
        #expect(try keptEpochs == [1_704_196_800])
    }

    @Test func aStaleAnswerLeavesTheKeptFileAsItWas() async throws {
        let cache = ElementCache(path: root + "/elements/elements.json")
        let kept = try OrbitMeanElementsMessage.parse(ElementDownloadTests.omm(epoch: "2024-01-03T00:00:00.000000"))
        _ = try cache.store(kept)
        let before = try Data(contentsOf: URL(fileURLWithPath: cache.path))
        source.script([(200, ElementDownloadTests.omm(epoch: "2024-01-02T12:00:00.000000"))])
        let downloader = self.downloader()
        let task = Task { try await downloader.run() }
        defer { task.cancel() }

        #expect(await parkedUntil() == .seconds(60))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.path)) == before)
        #expect(!FileManager.default.fileExists(atPath: root + "/elements/downloads.json"))
    }
}

/// The downloader's answers in the order a test gives them; records the URLs asked for. A URL that contains
/// `hanging` gets no answer until its task is cancelled (a source that drips until the deadline).
final class ScriptedSource: ElementSource {
    private let state = Mutex<
        (
            answers: [(Int, String)], urls: [String],
            waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)]
        )
    >(([], [], []))
    let hanging = Mutex<String?>(nil)

    func script(_ answers: [(Int, String)]) { state.withLock { $0.answers = answers } }
    var urls: [String] { state.withLock { $0.urls } }

    func fetch(_ url: String, maxBytes: Int) async throws -> (status: Int, body: [UInt8]) {
        if let hang = hanging.withLock({ $0 }), url.contains(hang) {
            record(url)
            await DownloadWakeup.untilCancelled()
            throw CancellationError()
        }
        return try answer(url)
    }

    private func record(_ url: String) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.urls.append(url)
            let ready = state.waiters.filter { $0.count <= state.urls.count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.urls.count }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    private func answer(_ url: String) throws -> (status: Int, body: [UInt8]) {
        let answer = state.withLock { state in state.answers.isEmpty ? nil : state.answers.removeFirst() }
        record(url)
        guard let (status, body) = answer else { throw NoAnswerScripted() }
        return (status, Array(body.utf8))
    }

    func shutdown() async {}

    /// Returns once `count` answers have been asked for.
    func fetched(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.urls.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// The satellites pass alarms ring for, changed by a test while the downloader runs.
final class AlarmSatellites: Sendable {
    let value = Mutex<Set<Int>>([25544])
}

/// What the scripted source throws when the test gave it no answer for a request.
private struct NoAnswerScripted: Error, CustomStringConvertible {
    var description: String { "no answer scripted" }
}
