import NoiseAudio

/// Sleep timers (`play --for`, `SleepTimers`) carried out: the sounds a timer is given with are marked with its
/// number, and fade out when its task wakes.
extension Player {
    /// Starts a timer for the sounds `ids` ending `seconds` from now with a fade of `fade` seconds; each sound
    /// leaves the timer it had. Its task belongs to the player: cancelled when its sounds have stopped or left it,
    /// and by `shutdown`, which waits for it.
    func startSleepTimer(for ids: [String], seconds: Double, fade: Double) {
        let id = sleepTimers.start(at: clock.now, seconds: seconds, fade: fade) { id, fadeStart, deadline in
            Task { await self.runSleepTimer(id, fadeStart: fadeStart, deadline: deadline) }
        }
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
        sleepTimers.keep(only: Set(active.compactMap(\.timer)))
    }

    /// The timer's task: waits on the player's clock (the tests move it by hand), then fades out its sounds.
    private func runSleepTimer(_ id: Int, fadeStart: C.Instant, deadline: C.Instant) async {
        try? await clock.sleep(until: fadeStart, tolerance: nil)
        // Cancelled while waiting, or between waking and getting the actor back: its sounds stopped or left it.
        guard !Task.isCancelled, sleepTimers.fire(id) else { return }
        let remaining = max(0, clock.now.duration(to: deadline).seconds)
        fadeOut(active.indices.filter { active[$0].timer == id }, fadeFrames: AudioFormat.frames(seconds: remaining))
        _ = published()
    }
}
