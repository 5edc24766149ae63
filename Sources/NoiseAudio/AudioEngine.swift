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
    fileprivate let onEvent: @Sendable (AudioEvent) -> Void
    fileprivate let clock: any OutputClock

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
    fileprivate func takeCommands(
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

    fileprivate func publish(_ change: (inout OutputStatus) -> Void) {
        let (before, after) = published.withLock { status in
            let before = status
            change(&status)
            return (before, status)
        }
        // Underrun counts change often; only state changes are events.
        if before.state != after.state || before.error != after.error { onEvent(.status(after)) }
    }
}

/// The loop on the output thread: apply commands, open the device when there is something to play (or ahead of
/// it), render a period, write it (blocking: this is what paces the loop), drain and close the device when
/// everything has ended: the thread then sleeps without a deadline, so an idle daemon never wakes.
private struct OutputLoop {
    let engine: AudioEngine
    let output: any AudioOutput
    var mixer = Mixer(maxFrames: 16_384)
    var isOpen = false
    /// The device has played since it was opened: it is drained and closed when the mixer falls silent.
    var sounding = false
    /// When a device opened ahead of a sound that has not come is closed (engine clock); nil otherwise.
    var closeAt: Double?
    var retryAt: Double?
    /// Set when a start from silence was taken and its first period is not yet written (the `written` hop).
    var starting = false
    var buffer: [Int16]

    /// Why the device is opened: the probe reports idle or error and closes it again; ahead of a sound, it stays
    /// open silent; for a sound, it plays at once.
    enum Opening { case probe, ahead, play }

    init(engine: AudioEngine, output: any AudioOutput) {
        self.engine = engine
        self.output = output
        buffer = [Int16](repeating: 0, count: mixer.maxFrames * AudioFormat.channels)
    }

    mutating func run() {
        probe()
        while true {
            if mixer.isSilent { settle() }
            let idle = mixer.isSilent || (!isOpen && retryAt != nil)
            let deadline = idle ? [retryAt, closeAt].compactMap { $0 }.min() : nil
            let (commands, shuttingDown, openAhead) = engine.takeCommands(wait: idle, deadline: deadline)
            let wasSilent = mixer.isSilent
            for command in commands { mixer.apply(command) }
            if wasSilent && !mixer.isSilent {
                starting = true
                hop(.woke)
            }
            if shuttingDown && (mixer.isSilent || !isOpen) { break }
            if openAhead { openAheadOfSound() }
            if !isOpen && retryAt != nil {
                let dropped = mixer.dropStoppingVoices()
                if !dropped.isEmpty { engine.onEvent(.voicesEnded(dropped)) }
            }
            if mixer.isSilent || (!isOpen && !tryOpen(for: .play)) { continue }
            if !sounding { startSounding() }
            playOnePeriod()
        }
        if isOpen {
            if sounding { output.drain() }
            output.close()
        }
    }

    /// Opens the device and closes it again without playing, so status tells whether it is there: at start
    /// (a missing device shows before anything plays) and while it is failing (status tells when it is back).
    /// The state goes to idle or error, never through playing: nothing plays.
    mutating func probe() {
        if tryOpen(for: .probe) {
            output.close()
            isOpen = false
            engine.publish {
                $0.state = .idle; $0.error = nil
            }
        }
    }

    mutating func tryOpen(for opening: Opening) -> Bool {
        if let retryAt, engine.clock.monotonicSeconds() < retryAt { return false }
        do {
            try output.open()
            isOpen = true
            retryAt = nil
            if opening != .probe { hop(.opened) }
            if opening == .ahead {
                // Back from an error: the device is there, nothing plays yet.
                engine.publish {
                    $0.state = .idle; $0.error = nil
                }
            }
            return true
        } catch {
            fail(error)
            return false
        }
    }

    /// A sound is loading: the device is opened now, so the sound does not wait for it.
    mutating func openAheadOfSound() {
        guard !sounding else { return }
        // Read before the open: the wait for the sound runs from the request, whatever the open takes.
        let now = engine.clock.monotonicSeconds()
        if isOpen || tryOpen(for: .ahead) {
            closeAt = now + AudioLimits.openAheadSeconds
        }
    }

    /// The first period after silence on an open device: status says it plays.
    mutating func startSounding() {
        sounding = true
        closeAt = nil
        engine.publish {
            $0.state = .playing; $0.error = nil
        }
    }

    mutating func fail(_ error: AudioOutputError) {
        isOpen = false
        sounding = false
        closeAt = nil
        retryAt = engine.clock.monotonicSeconds() + Limits.deviceRetrySeconds
        engine.publish {
            $0.state = .error; $0.error = error.description
        }
    }

    func hop(_ hop: PlayHop) {
        engine.onEvent(.hop(hop, at: MonotonicTime.seconds()))
    }

    /// With nothing to play: a device that played is drained and closed; one opened ahead of a sound that has not
    /// come is closed at `closeAt`; a failed one is probed again once its retry time has come.
    mutating func settle() {
        if isOpen {
            if sounding || engine.clock.monotonicSeconds() >= closeAt ?? 0 {
                if sounding { output.drain() }
                output.close()
                isOpen = false
                sounding = false
                closeAt = nil
                engine.publish { $0.state = .idle }
            }
        } else if retryAt != nil {
            probe()
        }
    }

    mutating func playOnePeriod() {
        let frames = min(output.periodFrames, mixer.maxFrames)
        // When the first frame of this period will be heard: now plus what the device still holds.
        let now = engine.clock.wallSeconds()
        let playTime = now + Double(output.delayFrames()) / Double(AudioFormat.sampleRate)
        var started: [Mixer.AlarmStart] = []
        let ended = buffer.withUnsafeMutableBufferPointer {
            mixer.render(into: $0.baseAddress!, frames: frames, playTime: playTime, started: &started)
        }
        if !ended.isEmpty { engine.onEvent(.voicesEnded(ended)) }
        for start in started { engine.onEvent(.alarmAudio(start.voice, writtenAt: now, heardAt: start.heardAt)) }
        do {
            try buffer.withUnsafeBufferPointer { (pointer) throws(AudioOutputError) in
                try output.write(pointer.baseAddress!, frames: frames)
            }
            if starting {
                starting = false
                hop(.written)
            }
            let underruns = output.underruns
            engine.publish { $0.underruns = underruns }
        } catch {
            output.close()
            fail(error)
        }
    }
}
