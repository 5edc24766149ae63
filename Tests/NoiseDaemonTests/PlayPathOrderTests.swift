import Dispatch
import NoiseTesting
import Synchronization
import Testing

@testable import NoiseAudio
@testable import NoiseDaemon
@testable import NoiseProtocol

/// The order of a play's steps, not their times (issue 55): a noise is heard once its decoded copy's first block
/// is read, so the device is opened and its first period written while the rest of the copy is still being read.
/// The rest is held back here until the test lets it go (or 20 s have passed), so a player that waited for the whole
/// copy before it played would open the device only after it was read, and the order would fail the test.
@Suite("Play path: the order of its steps", .timeLimit(.minutes(1)))
struct PlayPathOrderTests {
    @Test func theDeviceOpensAndPlaysBeforeTheDecodedCopyIsReadToItsEnd() async throws {
        let steps = StepLog()
        let gate = DispatchSemaphore(value: 0)
        let rig = await PlayerRig(
            sounds: [("rain", 10_000, 0.5)],
            makeStore: { HeldBackSoundStore($0, firstFrames: PlayerRig.periodFrames * 4, gate: gate, steps: steps) })
        let info = try await rig.player.play(Commands.Play(sounds: ["rain"], fadeIn: 0))
        steps.append("replied")
        #expect(info.playing.map(\.id) == ["rain"])
        #expect(await rig.output.next() == .open)
        steps.append("opened")
        #expect(await rig.period() == steady(10_000, frames: PlayerRig.periodFrames))
        steps.append("written")
        gate.signal()
        await steps.waitFor("read to end")
        #expect(steps.all == ["first block", "replied", "opened", "written", "read to end"])
        // Behind the first frames, the rest plays as read.
        #expect(await rig.periods(8) == steady(10_000, frames: PlayerRig.periodFrames * 8))
        await rig.tearDown()
    }
}

/// The steps seen, in order, from the test and from the store's file-work thread.
private final class StepLog: Sendable {
    private struct State {
        var steps: [String] = []
        var waiters: [(String, CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())

    var all: [String] { state.withLock { $0.steps } }

    func append(_ step: String) {
        let ready = state.withLock { state in
            state.steps.append(step)
            let ready = state.waiters.filter { $0.0 == step }.map(\.1)
            state.waiters.removeAll { $0.0 == step }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    func waitFor(_ step: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let seen = state.withLock { state in
                if state.steps.contains(step) { return true }
                state.waiters.append((step, continuation))
                return false
            }
            if seen { continuation.resume() }
        }
    }
}

/// Decoded copies in memory whose first `firstFrames` frames load at once and whose rest is read only when `gate`
/// is signalled: the disk store's shape (`DiskDecodedSoundStore.load`), with the test deciding when the rest comes.
private struct HeldBackSoundStore: DecodedSoundStore {
    let memory: MemorySoundStore
    let firstFrames: Int
    let gate: DispatchSemaphore
    let steps: StepLog

    init(_ buffers: [String: PCMBuffer], firstFrames: Int, gate: DispatchSemaphore, steps: StepLog) {
        memory = MemorySoundStore(buffers)
        self.firstFrames = firstFrames
        self.gate = gate
        self.steps = steps
    }

    func source(for path: String) -> DecodedSoundFile.Source? { memory.source(for: path) }

    func load(_ source: DecodedSoundFile.Source, frames: ClosedRange<Int>) -> DecodedSoundLoad? {
        guard let whole = memory.load(source, frames: frames)?.buffer else { return nil }
        let samples = whole.samples
        let buffer = PCMBuffer(filling: whole.frameCount)
        @Sendable func copy(_ range: Range<Int>) {
            buffer.append(upTo: range.count) { block in
                _ = block.update(fromContentsOf: samples[(range.lowerBound * 2)..<(range.upperBound * 2)])
                return range.count
            }
        }
        copy(0..<firstFrames)
        steps.append("first block")
        let (gate, steps, firstFrames) = (gate, steps, firstFrames)
        return DecodedSoundLoad(buffer: buffer) {
            // A bound, not a pace: a player that waits for the whole copy gets it after 20 s, and the order of the
            // steps then fails the test (rather than the test hanging on a thread no cancellation reaches).
            _ = gate.wait(timeout: .now() + .seconds(20))
            copy(firstFrames..<whole.frameCount)
            steps.append("read to end")
            return true
        }
    }

    func save(_ buffer: PCMBuffer, for source: DecodedSoundFile.Source) {}
    func remove(sourcePath: String) {}
}
