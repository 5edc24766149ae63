import NoiseAudio
import NoiseCore
import NoiseProtocol

/// Sleep timers (`play --for`, `SleepTimers`) carried out: the sounds a timer is given with are marked with its
/// number; when its task wakes they ramp to its floor (a gain ramp, not a `fadeOut`, so extending the timer can
/// take the fade back), and at its deadline they stop (a floor of 0) or play on at the floor.
extension Player {
    /// Starts a timer for the sounds `ids` ending `seconds` from now with a fade of `fade` seconds down to
    /// `floor`; each sound leaves the timer it had. Its task belongs to the player: cancelled when its sounds have
    /// stopped or left it, and by `shutdown`, which waits for it.
    func startSleepTimer(for ids: [String], seconds: Double, fade: Double, floor: Double) {
        let id = sleepTimers.start(at: clock.now, seconds: seconds, fade: fade, floor: floor, waiting: timerTask)
        var timed = active
        for index in timed.indices where ids.contains(timed[index].sound.id) && timed[index].state != .fadingOut {
            leaveSleepTimer(&timed[index])
            timed[index].timer = id
        }
        active = timed
        dropUnusedSleepTimers()
    }

    /// `sleep_extend`: every timer ends `seconds` later (counted from now for one resting at its floor); the sounds
    /// of those whose fade had begun come back to their own volumes.
    func extendSleepTimers(by seconds: Double) throws(ProtocolError) -> PlaybackInfo {
        guard let last = sleepTimers.lastDeadline else {
            throw ProtocolError(
                .noSleepTimer,
                "sleep_extend: no sleep timer runs; start one with play and 'for' (noisectl play ID --for 45m)")
        }
        let remaining = max(0, clock.now.duration(to: last).seconds) + seconds
        guard remaining <= Limits.maxTimerSeconds else {
            throw ProtocolError(
                .invalidArgument,
                "sleep_extend: the sleep timer would end in \(DurationParser.describe(remaining.rounded())); "
                    + "a sleep timer ends within \(DurationParser.describe(Limits.maxTimerSeconds))")
        }
        let restored = sleepTimers.extend(by: seconds, at: clock.now, waiting: timerTask)
        let frames = AudioFormat.frames(seconds: defaults.fadeInSeconds)
        engine.send(
            active.filter { $0.timer.map(restored.contains) ?? false }.map {
                .rampGain($0.voice, gain: gain(of: $0), frames: frames)
            })
        return published()
    }

    /// `stop --timer`: the sounds at `indices` play on with no timer, at their own volumes.
    func clearSleepTimers(of indices: [Int]) {
        var cleared = active
        for index in indices { leaveSleepTimer(&cleared[index]) }
        active = cleared
        dropUnusedSleepTimers()
    }

    /// Takes a sound out of its timer; one whose fade had begun comes back to its own volume.
    func leaveSleepTimer(_ sound: inout Active) {
        if let id = sound.timer, sleepTimers[id]?.fading == true {
            engine.send(
                .rampGain(
                    sound.voice, gain: VolumeLaw.gain(forVolume: sound.volume),
                    frames: AudioFormat.frames(seconds: defaults.fadeInSeconds)))
        }
        sound.timer = nil
    }

    /// Ends the timers no sound belongs to any more.
    func dropUnusedSleepTimers() {
        sleepTimers.keep(only: Set(active.compactMap(\.timer)))
    }

    /// The gain a sound has now: its volume, or its timer's floor once that timer's fade has begun.
    func gain(of sound: Active) -> Float {
        let timer = sound.timer.flatMap { sleepTimers[$0] }
        return VolumeLaw.gain(forVolume: timer?.volume(for: sound.volume) ?? sound.volume)
    }

    /// Makes a timer's task, which belongs to the player.
    private func timerTask(_ id: Int, fadeStart: C.Instant, deadline: C.Instant) -> Task<Void, Never> {
        Task { await self.runSleepTimer(id, fadeStart: fadeStart, deadline: deadline) }
    }

    /// The timer's task: waits on the player's clock (the tests move it by hand), ramps its sounds to the floor,
    /// waits for the deadline, then stops them (a floor of 0) or leaves them there.
    private func runSleepTimer(_ id: Int, fadeStart: C.Instant, deadline: C.Instant) async {
        try? await clock.sleep(until: fadeStart, tolerance: nil)
        // Cancelled while waiting, or between waking and getting the actor back: its sounds stopped or left it,
        // or it was extended (a new task waits for it).
        guard !Task.isCancelled, sleepTimers.fire(id) != nil else { return }
        let frames = AudioFormat.frames(seconds: max(0, clock.now.duration(to: deadline).seconds))
        engine.send(
            active.filter { $0.timer == id }.map { .rampGain($0.voice, gain: gain(of: $0), frames: frames) })
        _ = published()
        try? await clock.sleep(until: deadline, tolerance: nil)
        guard !Task.isCancelled, let timer = sleepTimers.end(id) else { return }
        if timer.floor == 0 {
            // Silent already: the stop's own fade only keeps the end free of a click.
            fadeOut(
                active.indices.filter { active[$0].timer == id },
                fadeFrames: AudioFormat.frames(seconds: AudioLimits.volumeRampSeconds))
        }
        _ = published()
    }
}
