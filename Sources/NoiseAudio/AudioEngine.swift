import NoiseCore
import NoiseSystem
import Synchronization

/// What the output thread reports back. Delivered on the output thread; handlers must only hand it on.
public enum AudioEvent: Sendable {
    /// The device changed state (opened, closed when idle, failed).
    case status(OutputStatus)
    /// These voices faded out or ran out and are gone.
    case voicesEnded([VoiceID])
    /// An alarm tone's first frames were written to the device at `writtenAt`, to be heard at `heardAt`
    /// (both wall-clock Unix seconds).
    case alarmAudio(VoiceID, writtenAt: Double, heardAt: Double)
    /// A step of a start from silence on the output thread (`woke`, `opened`, `written`) and when it happened, on
    /// the monotonic clock: for the debug log's timeline of a play.
    case hop(PlayHop, at: Double)
}

/// Owns the output thread: a dedicated OS thread that mixes and writes to the device, blocking on the device
/// only. Callers hand it commands (never waiting on it); it answers through `AudioEvent`s and a status snapshot.
public final class AudioEngine: Sendable {
    private struct Inbox {
        var commands: [MixerCommand] = []
        var shuttingDown = false
        var finished = false
        /// Set by `wake()`: the next wait returns at once, so a wake-up sent before the thread waits is not lost.
        var woken = false
        /// Set by `openAhead()`: open the device now, for a sound still loading.
        var openAhead = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let inbox = ConditionLock(Inbox())
    private let published: Mutex<OutputStatus>
    private let makeOutput: @Sendable () -> any AudioOutput
    let onEvent: @Sendable (AudioEvent) -> Void
    let clock: any OutputClock

    /// - Parameters:
    ///   - deviceName: shown in status.
    ///   - makeOutput: builds the output; called once, on the output thread.
    ///   - clock: the time the output thread goes by (device retries, alarm tones' start instants); the system's
    ///     unless a test moves it by hand.
    ///   - onEvent: called on the output thread; must not block.
    public init(
        deviceName: String, makeOutput: @escaping @Sendable () -> any AudioOutput,
        clock: any OutputClock = SystemOutputClock(), onEvent: @escaping @Sendable (AudioEvent) -> Void
    ) {
        self.published = Mutex(OutputStatus(device: deviceName, state: .idle))
        self.makeOutput = makeOutput
        self.clock = clock
        self.onEvent = onEvent
    }

    /// The output for a device name: the built-in paced null output for `null`, else ALSA.
    public static func output(forDevice name: String) -> any AudioOutput {
        name == "null" ? NullOutput() : ALSAOutput(deviceName: name)
    }

    public func start() {
        OSThread.start(name: "noised-audio") { [self] in
            var loop = OutputLoop(engine: self, output: makeOutput())
            loop.run()
            finish()
        }
    }

    /// Queues commands for the next period. Never blocks beyond a brief lock.
    public func send(_ commands: MixerCommand...) {
        send(commands)
    }

    /// Commands that must take effect in the same period (the sounds of one `play` or `stop`): queued at once, so
    /// the output thread cannot wake between them and leave the rest for the next period.
    public func send(_ commands: [MixerCommand]) {
        inbox.withLockSignalling { $0.commands += commands }
    }

    public var status: OutputStatus { published.withLock { $0 } }

    /// Opens the device now if it is closed, for a sound that is still loading: the open (a connection to the sound
    /// server through PulseAudio's ALSA plugin) then overlaps the load instead of following it. The device is
    /// closed again after `AudioLimits.openAheadSeconds` if no sound comes (a load that failed). Never blocks
    /// beyond a brief lock.
    public func openAhead() {
        inbox.withLockSignalling { $0.openAhead = true }
    }

    /// Makes the output thread look at its clock again now rather than at the end of its wait. Only a clock moved
    /// by hand needs this (a test passing a device's retry time); with the system's clock the wait ends by itself.
    public func wake() {
        inbox.withLockSignalling { $0.woken = true }
    }

    /// Fades everything out over `fadeFrames`, closes the device and ends the thread; returns when it has.
    public func shutdown(fadeFrames: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = inbox.withLockSignalling { inbox in
                if !inbox.finished {
                    inbox.commands.append(.fadeOutAll(fadeFrames: fadeFrames))
                    inbox.shuttingDown = true
                    inbox.waiters.append(continuation)
                }
                return inbox.finished
            }
            if finished { continuation.resume() }
        }
    }

    private func finish() {
        let waiters = inbox.withLockSignalling { inbox in
            inbox.finished = true
            defer { inbox.waiters = [] }
            return inbox.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - Used by the output thread

    /// Takes the queued commands; when `wait` is set and none are queued, sleeps until one arrives or `deadline`
    /// (on the engine's clock).
    func takeCommands(
        wait: Bool, deadline: Double?
    ) -> (commands: [MixerCommand], shuttingDown: Bool, openAhead: Bool) {
        // The condition variable waits on the system's monotonic clock, the deadline is on the engine's: what
        // carries over is the time left.
        let until = deadline.map { MonotonicTime.seconds() + ($0 - clock.monotonicSeconds()) }
        let nothingToDo: (Inbox) -> Bool = {
            wait && $0.commands.isEmpty && !$0.shuttingDown && !$0.woken && !$0.openAhead
        }
        return inbox.withLock(waitingWhile: nothingToDo, until: until) { inbox in
            defer { inbox.commands = []; inbox.woken = false; inbox.openAhead = false }
            return (inbox.commands, inbox.shuttingDown, inbox.openAhead)
        }
    }

    func publish(_ change: (inout OutputStatus) -> Void) {
        let (before, after) = published.withLock { status in
            let before = status
            change(&status)
            return (before, status)
        }
        // Underrun counts change often; only state changes are events.
        if before.state != after.state || before.error != after.error { onEvent(.status(after)) }
    }
}
