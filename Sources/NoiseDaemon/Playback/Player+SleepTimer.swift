import NoiseAudio

/// Sleep timers (`play --for`): each belongs to the sounds it was given with, which fade out to end exactly at
/// its deadline; `play white --for 20m` leaves pink's own timer alone.
extension Player {
    /// Starts a timer for the sounds `ids` ending `seconds` from now with a fade of `fade` seconds; each sound
    /// leaves the timer it had. Its task belongs to the player: cancelled when its sounds have stopped or left it,
    /// and by `shutdown`, which waits for it.
    func startSleepTimer(for ids: [String], seconds: Double, fade: Double) {
        let id = nextTimer
        nextTimer += 1
        let deadline = clock.now.advanced(by: .seconds(seconds))
        let fadeStart = deadline.advanced(by: .seconds(-min(fade, seconds)))
        let task = Task { await self.runSleepTimer(id, fadeStart: fadeStart, deadline: deadline) }
        sleepTimers[id] = SleepTimer(deadline: deadline, fadeSeconds: fade, task: task)
        for index in active.indices where ids.contains(active[index].sound.id) && active[index].state != .fadingOut {
            active[index].timer = id
        }
        dropUnusedSleepTimers()
    }

    /// `stop --timer`: the sounds at `indices` play on with no timer.
    func clearSleepTimers(of indices: [Int]) {
        for index in indices { active[index].timer = nil }
        dropUnusedSleepTimers()
    }

    /// Ends the timers no sound belongs to any more.
    func dropUnusedSleepTimers() {
        let used = Set(active.compactMap(\.timer))
        for (id, timer) in sleepTimers where !used.contains(id) {
            timer.task.cancel()
            sleepTimers[id] = nil
        }
    }

    /// The timer's task: waits on the player's clock (the tests move it by hand), then fades out its sounds.
    private func runSleepTimer(_ id: Int, fadeStart: C.Instant, deadline: C.Instant) async {
        try? await clock.sleep(until: fadeStart, tolerance: nil)
        // Cancelled while waiting, or between waking and getting the actor back: its sounds stopped or left it.
        guard !Task.isCancelled, sleepTimers[id] != nil else { return }
        sleepTimers[id] = nil
        let remaining = max(0, clock.now.duration(to: deadline).seconds)
        fadeOut(active.indices.filter { active[$0].timer == id }, fadeFrames: AudioFormat.frames(seconds: remaining))
        _ = published()
    }
}
