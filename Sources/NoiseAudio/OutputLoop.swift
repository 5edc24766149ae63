import NoiseCore
import NoiseSystem

/// The loop on the output thread: apply commands, open the device when there is something to play (or ahead of
/// it), render a period, write it (blocking: this is what paces the loop), drain and close the device when
/// everything has ended: the thread then sleeps without a deadline, so an idle daemon never wakes.
struct OutputLoop {
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
