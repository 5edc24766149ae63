import NoiseControl
import NoiseCore
import ServiceLifecycle

/// Keeps the service manager's status line (`systemctl --user status noised`) saying what the daemon does:
/// what plays and when the next alarm rings, updated on every playback and alarm event.
struct StatusReporter<C: Clock>: Service where C.Duration == Duration {
    let notifier: ServiceNotifier
    let hub: EventHub
    let player: Player<C>
    let scheduler: AlarmScheduler

    func run() async throws {
        guard notifier.isActive else { return try await gracefulShutdown() }
        let (id, lines) = hub.subscribe {}
        defer { hub.unsubscribe(id) }
        await cancelWhenGracefulShutdown {
            var last = await summary()
            notifier.status(last)
            for await _ in lines {
                let now = await summary()
                if now != last { notifier.status(now) }
                last = now
            }
        }
    }

    func summary() async -> String {
        let playing = await player.playback().playing.filter { $0.state != .fadingOut }.map(\.id)
        let ringing = await scheduler.status().ringing.map { "alarm \($0.alarm.id)" }
        let next = await scheduler.next().flatMap { $0.nextTrigger ?? $0.snoozedUntil }
        var parts = [playing.isEmpty ? "idle" : "playing " + playing.joined(separator: ", ")]
        if !ringing.isEmpty { parts.append("ringing: " + ringing.joined(separator: ", ")) }
        parts.append(next.map { "next alarm \($0.local)" } ?? "no alarm set")
        return parts.joined(separator: "; ")
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension StatusReporter: CustomStringConvertible {
    var description: String { "StatusReporter" }
}
