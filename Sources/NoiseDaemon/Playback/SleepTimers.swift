/// The player's sleep timers (`play --for`), by number. Each belongs to the sounds it was given with (the
/// player's voices name it), which fade out to end exactly at its deadline, so `play white --for 20m` leaves
/// pink's own timer alone. Each has a task of the player's that waits for its fade to start; a timer no sound
/// belongs to any more is dropped and its task cancelled, so none outlives its sounds.
struct SleepTimers<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// When its sounds have faded out, over how long, and the task that starts the fade.
    struct Timer {
        let deadline: Instant
        let fadeSeconds: Double
        let task: Task<Void, Never>
    }

    private var timers: [Int: Timer] = [:]
    private var nextID = 1

    /// The timer numbered `id`, while it waits.
    subscript(id: Int) -> Timer? { timers[id] }

    var isEmpty: Bool { timers.isEmpty }
    var count: Int { timers.count }
    /// The tasks of the timers waiting.
    var tasks: [Task<Void, Never>] { timers.values.map(\.task) }

    /// Starts a timer whose sounds end `seconds` after `now`, fading over the last `fade` seconds (all of them when
    /// the fade is longer); `waiting` makes its task from its number, the instant its fade starts and its deadline.
    /// Returns its number.
    mutating func start(
        at now: Instant, seconds: Double, fade: Double,
        waiting: (_ id: Int, _ fadeStart: Instant, _ deadline: Instant) -> Task<Void, Never>
    ) -> Int {
        let id = nextID
        nextID += 1
        let deadline = now.advanced(by: .seconds(seconds))
        let fadeStart = deadline.advanced(by: .seconds(-min(fade, seconds)))
        timers[id] = Timer(deadline: deadline, fadeSeconds: fade, task: waiting(id, fadeStart, deadline))
        return id
    }

    /// Drops the timers not in `used` (their sounds stopped or left them) and cancels their tasks.
    mutating func keep(only used: Set<Int>) {
        for (id, timer) in timers where !used.contains(id) {
            timer.task.cancel()
            timers[id] = nil
        }
    }

    /// The fade of timer `id` starts: it is done, its sounds fade out. False when it was dropped meanwhile (its
    /// task woke after it was cancelled).
    mutating func fire(_ id: Int) -> Bool {
        timers.removeValue(forKey: id) != nil
    }

    /// Drops every timer (shutdown); returns their tasks, to cancel and wait for.
    mutating func removeAll() -> [Task<Void, Never>] {
        defer { timers = [:] }
        return tasks
    }
}
