/// The player's sleep timers (`play --for`), by number. Each belongs to the sounds it was given with (the
/// player's voices name it), which fade to its floor to arrive exactly at its deadline, so `play white --for 20m`
/// leaves pink's own timer alone. A timer with a floor of 0 ends there (its sounds stop); one with a floor above
/// 0 stays, its sounds resting at the floor, until they stop or leave it, so `sleep_extend` can still bring them
/// back. Each waiting or fading timer has a task of the player's that starts its fade and then ends it; a timer no
/// sound belongs to any more is dropped and its task cancelled, so none outlives its sounds.
struct SleepTimers<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// When its sounds have faded, over how long, to what, and the task that starts and ends the fade.
    struct Timer {
        fileprivate(set) var deadline: Instant
        let fadeSeconds: Double
        /// The volume its sounds fade to, on the sounds' scale: each fades to this or stays at its own when lower.
        /// 0: silence, and the sounds stop at the deadline.
        let floor: Double
        /// Its fade has begun: its sounds are fading, or rest at the floor.
        fileprivate(set) var fading = false
        /// Nil once it rests at its floor: nothing is left to wait for.
        fileprivate(set) var task: Task<Void, Never>?

        /// Its sounds' volume under it: their own until the fade, then the floor (or their own when lower).
        func volume(for own: Double) -> Double {
            fading ? min(own, floor) : own
        }
    }

    /// What the task of a timer is handed: its number, when its fade starts, and its deadline.
    typealias Waiting = (_ id: Int, _ fadeStart: Instant, _ deadline: Instant) -> Task<Void, Never>

    private var timers: [Int: Timer] = [:]
    private var nextID = 1

    /// The timer numbered `id`, while it runs (waits, fades, or rests at its floor).
    subscript(id: Int) -> Timer? { timers[id] }

    var isEmpty: Bool { timers.isEmpty }
    var count: Int { timers.count }
    /// The tasks of the timers waiting or fading.
    var tasks: [Task<Void, Never>] { timers.values.compactMap(\.task) }

    /// Where the fade of a timer ending at `deadline` starts, seen at `now`: `fade` seconds before the deadline, or
    /// at once when less is left (the fade then takes what is left).
    static func fadeStart(now: Instant, deadline: Instant, fade: Double) -> Instant {
        max(now, deadline.advanced(by: .seconds(-fade)))
    }

    /// Starts a timer whose sounds reach `floor` `seconds` after `now`, fading over the last `fade` seconds (all of
    /// them when the fade is longer); `waiting` makes its task. Returns its number.
    mutating func start(at now: Instant, seconds: Double, fade: Double, floor: Double, waiting: Waiting) -> Int {
        let id = nextID
        nextID += 1
        let deadline = now.advanced(by: .seconds(seconds))
        var timer = Timer(deadline: deadline, fadeSeconds: fade, floor: floor)
        timer.task = waiting(id, Self.fadeStart(now: now, deadline: deadline, fade: fade), deadline)
        timers[id] = timer
        return id
    }

    /// The latest deadline of all, if any timer runs: `sleep_extend` checks the limit against it.
    var lastDeadline: Instant? { timers.values.map(\.deadline).max() }

    /// Moves every timer's deadline `seconds` later, counted from now for one whose deadline has passed (it rests
    /// at its floor), and waits for its fade afresh; returns the numbers of those whose fade had begun: their
    /// sounds go back to their own volumes.
    mutating func extend(by seconds: Double, at now: Instant, waiting: Waiting) -> [Int] {
        var restored: [Int] = []
        for (id, var timer) in timers {
            timer.task?.cancel()
            if timer.fading { restored.append(id) }
            timer.fading = false
            timer.deadline = max(timer.deadline, now).advanced(by: .seconds(seconds))
            timer.task = waiting(
                id, Self.fadeStart(now: now, deadline: timer.deadline, fade: timer.fadeSeconds), timer.deadline)
            timers[id] = timer
        }
        return restored.sorted()
    }

    /// Drops the timers not in `used` (their sounds stopped or left them) and cancels their tasks.
    mutating func keep(only used: Set<Int>) {
        for (id, timer) in timers where !used.contains(id) {
            timer.task?.cancel()
            timers[id] = nil
        }
    }

    /// The fade of timer `id` starts: its sounds head for its floor. Nil when it was dropped meanwhile (its task
    /// woke after it was cancelled) or has begun already.
    mutating func fire(_ id: Int) -> Timer? {
        guard var timer = timers[id], !timer.fading else { return nil }
        timer.fading = true
        timers[id] = timer
        return timer
    }

    /// Timer `id` reached its deadline: with a floor of 0 it is done and dropped (its sounds stop), else it rests
    /// at its floor with no task. Nil when it was dropped meanwhile or its fade never began.
    mutating func end(_ id: Int) -> Timer? {
        guard var timer = timers[id], timer.fading else { return nil }
        timer.task = nil
        timers[id] = timer.floor > 0 ? timer : nil
        return timer
    }

    /// Drops every timer (shutdown); returns their tasks, to cancel and wait for.
    mutating func removeAll() -> [Task<Void, Never>] {
        defer { timers = [:] }
        return tasks
    }
}
