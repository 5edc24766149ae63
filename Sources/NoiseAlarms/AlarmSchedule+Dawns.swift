/// Dawns (docs/alarms.md, "Dawn"): an alarm with `dawnSeconds` has each ring announced that long before it, so the
/// pages can turn into a sunrise that reaches full light at the ring. A dawn is not a timer of its own: its start is
/// one more instant of this schedule (`nextDeadline`), found from the alarm's next trigger as the queue has it (skips,
/// dates, zones included), and what is under way is settled from the same state as everything else.
///
/// A dawn lasts from `ring − length` through the ring until the ring is answered: a snooze, a dismiss, a ring that
/// runs out or is missed, a skip, an edit, a removal or the alarm switched off ends it.
extension AlarmSchedule {
    public struct Dawn: Sendable, Equatable {
        public var alarmID: Int64
        /// The ring it leads to (Unix seconds).
        public var ringAt: Double
        public var lengthSeconds: Double

        public init(alarmID: Int64, ringAt: Double, lengthSeconds: Double) {
            self.alarmID = alarmID
            self.ringAt = ringAt
            self.lengthSeconds = lengthSeconds
        }

        public var startsAt: Double { ringAt - lengthSeconds }
    }

    public enum DawnChange: Sendable, Equatable {
        case started(Dawn)
        case ended(Dawn)
    }

    /// The earliest start of a dawn still to begin; nil when none is to come. Only the alarms with a dawn are looked
    /// at (`dawnIDs`), so a store of 100,000 alarms without one costs nothing here.
    var nextDawnStart: Double? {
        dawnIDs.compactMap { alarmID -> Double? in
            guard let ring = nextTrigger(of: alarmID), let length = alarms[alarmID]?.dawnSeconds,
                dawns[alarmID]?.ringAt != ring
            else { return nil }
            return ring - length
        }.min()
    }

    /// The dawns that are under way at `now`: a queued trigger whose dawn has begun, and a ring whose dawn began
    /// before it (kept until the ring is answered). A trigger already due but not yet rung keeps a dawn it had and
    /// starts none (it rings, or is missed, at once).
    func dawnsDue(now: Double) -> [Int64: Dawn] {
        var due: [Int64: Dawn] = [:]
        for (alarmID, ring) in ringing where !ring.fromSnooze {
            if let dawn = dawns[alarmID], dawn.ringAt == ring.trigger { due[alarmID] = dawn }
        }
        for alarmID in dawnIDs {
            guard let ring = nextTrigger(of: alarmID), let length = alarms[alarmID]?.dawnSeconds, ring - length <= now
            else { continue }
            let dawn = Dawn(alarmID: alarmID, ringAt: ring, lengthSeconds: length)
            if ring > now || dawns[alarmID] == dawn { due[alarmID] = dawn }
        }
        return due
    }

    /// What changes between the dawns under way and those due at `now`, ended ones first, each by alarm id; nothing
    /// is changed (the scheduler asks before it settles, so a wake-up with nothing to say publishes nothing).
    public func dawnChanges(now: Double) -> [DawnChange] {
        let due = dawnsDue(now: now)
        var changes = dawnsEndedByChange.map(DawnChange.ended)
        for (alarmID, dawn) in dawns.sorted(by: { $0.key < $1.key }) where due[alarmID] != dawn {
            changes.append(.ended(dawn))
        }
        for (alarmID, dawn) in due.sorted(by: { $0.key < $1.key }) where dawns[alarmID] != dawn {
            changes.append(.started(dawn))
        }
        return changes
    }

    /// Carries out `changes` (from `dawnChanges`).
    public mutating func settleDawns(_ changes: [DawnChange]) {
        dawnsEndedByChange = []
        for change in changes {
            switch change {
            case .ended(let dawn): if dawns[dawn.alarmID] == dawn { dawns[dawn.alarmID] = nil }
            case .started(let dawn): dawns[dawn.alarmID] = dawn
            }
        }
    }

    /// Settles the dawns at `now` and says what changed.
    public mutating func settleDawns(now: Double) -> [DawnChange] {
        let changes = dawnChanges(now: now)
        settleDawns(changes)
        return changes
    }
}
