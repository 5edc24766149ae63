import NoiseAudio

/// The sleep timer (`play --for`): everything fades out to end exactly at its deadline.
extension Player {
    /// Starts a timer ending `seconds` from now with a fade of `fade` seconds, replacing any earlier one. Its task
    /// belongs to the player: cancelled by a stop, a new timer or `shutdown`, which waits for it.
    func startSleepTimer(seconds: Double, fade: Double) {
        cancelSleepTimer()
        let deadline = clock.now.advanced(by: .seconds(seconds))
        let fadeStart = deadline.advanced(by: .seconds(-min(fade, seconds)))
        let task = Task { await self.runSleepTimer(fadeStart: fadeStart, deadline: deadline) }
        sleepTimer = SleepTimer(deadline: deadline, fadeSeconds: fade, task: task)
    }

    func cancelSleepTimer() {
        sleepTimer?.task.cancel()
        sleepTimer = nil
    }

    /// The timer's task: waits on the player's clock (the tests move it by hand), then fades out what is left.
    private func runSleepTimer(fadeStart: C.Instant, deadline: C.Instant) async {
        try? await clock.sleep(until: fadeStart, tolerance: nil)
        // Cancelled while waiting, or between waking and getting the actor back: a stop or a new timer came first.
        guard !Task.isCancelled, let timer = sleepTimer, timer.deadline == deadline else { return }
        sleepTimer = nil
        let remaining = max(0, clock.now.duration(to: deadline).seconds)
        fadeOutEverything(fadeFrames: AudioFormat.frames(seconds: remaining))
        _ = published()
    }
}
