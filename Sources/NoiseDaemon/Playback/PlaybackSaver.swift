import NoiseStore

/// Keeps the player's state across restarts (the master volume, the last mix, playing or paused): written on
/// every change, not on exit only, which a crash or a power cut never reaches; in order, one write at a time, off
/// the player's turn. A flood of changes (a volume slider, a script) leaves at most one state waiting, never a
/// queue of them. Nothing is written before `restored` (it would overwrite what is about to be read) nor after
/// `stop`. A write that fails is not retried: the store's trouble (full disk, read-only) is in `status` already,
/// from the alarms' side.
struct PlaybackSaver {
    /// Where the state goes; nil keeps nothing (the tests' players).
    let memory: (any PlaybackMemory)?
    /// The state last handed on; nil before `restored` and after `stop`, when nothing is written.
    private var remembered: StoredPlayback?
    /// The newest state not yet written.
    private var unsaved: StoredPlayback?
    /// The write in flight: it takes `nextToWrite()` until nothing is left.
    private(set) var writing: Task<Void, Never>?

    init(memory: (any PlaybackMemory)?) {
        self.memory = memory
    }

    /// What the store held (or the state the player starts with, when it held nothing): changes from here on are
    /// written.
    mutating func restored(_ state: StoredPlayback) {
        remembered = state
    }

    /// The player's state is now `state`: when it differs from the last handed on, it waits to be written, and
    /// `write` starts the writer (its task) unless one is in flight, which takes it next.
    mutating func changed(
        to state: StoredPlayback, write: (any PlaybackMemory) -> Task<Void, Never>
    ) {
        guard let memory, let remembered, state != remembered else { return }
        self.remembered = state
        unsaved = state
        if writing == nil { writing = write(memory) }
    }

    /// The writer's next state, the newest; nil when none waits, and the writer ends.
    mutating func nextToWrite() -> StoredPlayback? {
        defer { unsaved = nil }
        if unsaved == nil { writing = nil }
        return unsaved
    }

    /// Nothing more is written once the write in flight ends; returns it, to wait for.
    mutating func stop() -> Task<Void, Never>? {
        remembered = nil
        return writing
    }
}
