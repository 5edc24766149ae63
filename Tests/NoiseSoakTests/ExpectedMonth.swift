import NoiseCore
import Testing

/// The month as docs/alarms.md says it must go, worked out without the scheduler: triggers from each alarm's repeat
/// rule and Foundation's time zone (`FoundationZone`), the scripted user's answers, snoozes, ring limits, once
/// alarms switching off, restarts (a ring in progress rings again; a trigger missed while down rings late within
/// the grace, else is reported missed). It yields the rings and misses to expect, and the user's and the script's
/// actions with their instants, for the driver to carry out.
struct ExpectedMonth {
    struct Ring: Sendable, Equatable, Comparable, CustomStringConvertible {
        var alarmID: Int64
        var trigger: Int64
        var at: Int64

        static func < (lhs: Ring, rhs: Ring) -> Bool { (lhs.at, lhs.alarmID) < (rhs.at, rhs.alarmID) }
        var description: String { "alarm \(alarmID) for \(trigger) at \(at)" }
    }

    struct Miss: Sendable, Equatable, Comparable {
        var alarmID: Int64
        var trigger: Int64
        var reason: String

        static func < (lhs: Miss, rhs: Miss) -> Bool { (lhs.trigger, lhs.alarmID) < (rhs.trigger, rhs.alarmID) }
    }

    enum Act: Sendable {
        case snooze(minutes: Int?)
        case dismiss
        case script(ScriptStep)
    }

    struct Action: Sendable {
        var at: Int64
        var act: Act
    }

    private struct Ringing {
        var trigger: Int64
        var until: Int64
        var fromSnooze: Bool
        var step: Int
    }

    private struct Model {
        var id: Int64
        var spec: SoakAlarm
        var enabled = true
        var next: Int64?
        var ringing: Ringing?
        var snooze: (ringAt: Int64, step: Int)?
    }

    private(set) var rings: [Ring] = []
    private(set) var misses: [Miss] = []
    private(set) var actions: [Action] = []
    private(set) var snoozeRings = 0
    /// Whether each alarm (by id) is on at the end.
    private(set) var enabledAtEnd: [Int64: Bool] = [:]

    private let zone: FoundationZone
    private let firstDay: Int64
    private let graceSeconds: Int64
    private var alarms: [Int64: Model] = [:]
    private var nextID: Int64 = 1
    private var pending: (at: Int64, response: Response)?

    /// Plays the month from `start` (when every alarm of the scenario is added) to `end`.
    init(zone: FoundationZone, start: Int64, end: Int64, graceSeconds: Int64) throws {
        self.zone = zone
        self.graceSeconds = graceSeconds
        firstDay = zone.localDay(of: start)
        for spec in SoakScenario.alarms { add(spec, at: start) }
        var script = SoakScenario.steps.map { step in
            let at = zone.instant(day: firstDay + Int64(step.day), secondsOfDay: Int64(step.time.secondsSinceMidnight))
            return (at: at, step: step.step)
        }
        script.sort { $0.at < $1.at }
        while true {
            let scheduler = [
                alarms.values.compactMap(\.ringing?.until).min(), alarms.values.compactMap(snoozeEnd).min(),
                alarms.values.compactMap(dueTrigger).min(),
            ].compactMap { $0 }.min()
            let user = pending?.at
            let step = script.first?.at
            guard let now = [scheduler, user, step].compactMap({ $0 }).min(), now < end else { break }
            if let user, user == now {
                try #require(
                    scheduler != now && step != now,
                    "the script's user acts at \(now) just as something else happens")
                answer(at: now)
            } else if let step, step == now {
                try #require(
                    scheduler != now, "a script step at \(now) falls on a ring, a snooze's end or a ring limit")
                let (_, scriptStep) = script.removeFirst()
                try perform(scriptStep, at: now)
            } else {
                advance(to: now)
            }
        }
        enabledAtEnd = alarms.mapValues(\.enabled)
    }

    // MARK: The scheduler's rules, from docs/alarms.md

    private func snoozeEnd(_ alarm: Model) -> Int64? {
        alarm.ringing == nil ? alarm.snooze?.ringAt : nil
    }

    private func dueTrigger(_ alarm: Model) -> Int64? {
        alarm.enabled && alarm.ringing == nil && !(alarm.spec.days.isEmpty && alarm.snooze != nil) ? alarm.next : nil
    }

    /// The first trigger strictly after `instant`: the alarm's time on the first matching local day.
    private func firstTrigger(of spec: SoakAlarm, after instant: Int64) -> Int64? {
        let start = zone.localDay(of: instant) - 1
        let days = Set(spec.days.map(\.rawValue))
        for day in start...(start + 16) where days.isEmpty || days.contains(zone.weekday(ofDay: day)) {
            let at = zone.instant(day: day, secondsOfDay: Int64(spec.time.secondsSinceMidnight))
            if at > instant { return at }
        }
        return nil
    }

    private mutating func add(_ spec: SoakAlarm, at now: Int64) {
        alarms[nextID] = Model(id: nextID, spec: spec, next: firstTrigger(of: spec, after: now))
        nextID += 1
    }

    /// Everything due at `now`, in the scheduler's order: rings running out, snoozes ending, triggers.
    private mutating func advance(to now: Int64, lateFrom down: Int64? = nil) {
        let wasRinging = alarms.values.contains { $0.ringing != nil }
        var started: [(id: Int64, step: Int)] = []
        for id in alarms.keys.sorted() {
            guard let ring = alarms[id]!.ringing, ring.until <= now else { continue }
            alarms[id]!.ringing = nil
            misses.append(Miss(alarmID: id, trigger: ring.trigger, reason: "unattended"))
            conclude(id, trigger: ring.trigger, fromSnooze: ring.fromSnooze)
        }
        for id in alarms.keys.sorted() {
            guard let end = snoozeEnd(alarms[id]!), end <= now, let step = alarms[id]!.snooze?.step else { continue }
            alarms[id]!.snooze = nil
            if ring(id, trigger: end, at: now, fromSnooze: true, step: step) { started.append((id, step)) }
        }
        for id in alarms.keys.sorted() {
            guard let due = dueTrigger(alarms[id]!), due <= now else { continue }
            alarms[id]!.next = nil
            if ring(id, trigger: due, at: now, fromSnooze: false, step: 0) { started.append((id, 0)) }
        }
        // The user answers when the room goes from quiet to ringing, by the first alarm that rang.
        if !wasRinging, pending == nil, let first = started.first {
            respond(to: first.id, step: first.step, at: now)
        }
    }

    /// Rings, or (found too late, after a restart) reports it missed; returns whether it rings.
    private mutating func ring(_ id: Int64, trigger: Int64, at now: Int64, fromSnooze: Bool, step: Int) -> Bool {
        let limit = alarms[id]!.spec.ringLimitSeconds
        guard now - trigger < min(limit, graceSeconds) else {
            misses.append(Miss(alarmID: id, trigger: trigger, reason: "late"))
            conclude(id, trigger: trigger, fromSnooze: fromSnooze)
            return false
        }
        alarms[id]!.ringing = Ringing(trigger: trigger, until: trigger + limit, fromSnooze: fromSnooze, step: step)
        rings.append(Ring(alarmID: id, trigger: trigger, at: now))
        if fromSnooze { snoozeRings += 1 }
        return true
    }

    private mutating func respond(to id: Int64, step: Int, at now: Int64) {
        let day = Int(zone.localDay(of: now) - firstDay)
        let response = alarms[id]!.spec.answer(day, step)
        switch response {
        case .ignore: pending = nil
        case .snooze(let after, _), .dismiss(let after): pending = (now + after, response)
        }
    }

    /// A ring is over: a trigger's ring moves the alarm to its next trigger; a once alarm switches off.
    private mutating func conclude(_ id: Int64, trigger: Int64, fromSnooze: Bool) {
        if !fromSnooze { alarms[id]!.next = firstTrigger(of: alarms[id]!.spec, after: trigger) }
        if alarms[id]!.spec.days.isEmpty, alarms[id]!.snooze == nil {
            alarms[id]!.enabled = false
            alarms[id]!.next = nil
        }
    }

    /// The user's snooze or dismiss: it answers every ringing alarm.
    private mutating func answer(at now: Int64) {
        let response = pending!.response
        pending = nil
        switch response {
        case .ignore:
            return
        case .snooze(_, let minutes):
            actions.append(Action(at: now, act: .snooze(minutes: minutes)))
            for id in alarms.keys.sorted() {
                guard let ring = alarms[id]!.ringing else { continue }
                alarms[id]!.ringing = nil
                alarms[id]!.snooze = (now + Int64((minutes ?? alarms[id]!.spec.snoozeMinutes) * 60), ring.step + 1)
                if !ring.fromSnooze, !alarms[id]!.spec.days.isEmpty {
                    alarms[id]!.next = firstTrigger(of: alarms[id]!.spec, after: ring.trigger)
                }
            }
        case .dismiss:
            actions.append(Action(at: now, act: .dismiss))
            for id in alarms.keys.sorted() {
                guard let ring = alarms[id]!.ringing else { continue }
                alarms[id]!.ringing = nil
                conclude(id, trigger: ring.trigger, fromSnooze: ring.fromSnooze)
            }
        }
    }

    private func alarmID(labelled label: String) throws -> Int64 {
        try #require(alarms.values.first { $0.spec.label == label }?.id, "no alarm \(label)")
    }

    private mutating func perform(_ step: ScriptStep, at now: Int64) throws {
        actions.append(Action(at: now, act: .script(step)))
        switch step {
        case .add(let spec):
            add(spec, at: now)
        case .setEnabled(let label, let on):
            let id = try alarmID(labelled: label)
            try #require(alarms[id]!.ringing == nil, "the script changes \(label) while it rings")
            alarms[id]!.enabled = on
            if !on { alarms[id]!.snooze = nil }
            // Enabling (like any edit) looks for triggers from now on.
            alarms[id]!.next = on ? firstTrigger(of: alarms[id]!.spec, after: now) : nil
        case .edit(let label, let time, let snoozeMinutes):
            let id = try alarmID(labelled: label)
            try #require(alarms[id]!.ringing == nil, "the script edits \(label) while it rings")
            alarms[id]!.spec.time = time
            alarms[id]!.spec.snoozeMinutes = snoozeMinutes
            alarms[id]!.next = alarms[id]!.enabled ? firstTrigger(of: alarms[id]!.spec, after: now) : nil
        case .remove(let label):
            let id = try alarmID(labelled: label)
            try #require(
                alarms[id]!.ringing == nil && alarms[id]!.snooze == nil,
                "the script removes \(label) while it is busy")
            alarms[id] = nil
        case .restart(let down):
            let back = now + down
            if let pending {
                try #require(down == 0 || pending.at > back, "the user would act while the daemon is down")
            }
            // Whatever rang stops with the process; on restart it is found again: a trigger not yet dealt with, or
            // a snooze whose ring was not answered, rings again if it is still within its limit and the grace.
            for id in alarms.keys.sorted() {
                guard let ring = alarms[id]!.ringing else { continue }
                alarms[id]!.ringing = nil
                if ring.fromSnooze {
                    alarms[id]!.snooze = (ring.trigger, ring.step)
                } else {
                    alarms[id]!.next = ring.trigger
                }
            }
            let kept = pending
            pending = nil
            advance(to: back)
            if let kept { pending = kept }
        }
    }
}
