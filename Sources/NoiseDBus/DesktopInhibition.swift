/// Which desktop inhibitor is held, as a value (docs/desktop.md): it follows the same wanted reason as logind's
/// `block` lock, so both are taken and released together. Given what happens (the reason wanted, the session bus
/// joined or lost, a reply, a holder leaving the bus), it returns the calls to make; the bus thread makes them
/// (`BusLoop+DesktopInhibit.swift`). Each take tries the inhibitors in order, the first that accepts holding it: a
/// service that is not on the bus (neither owned nor activatable: the bus answers at once) or that refuses passes
/// to the next. A new reason is taken before the old one is given back, as logind's is.
struct DesktopInhibition {
    struct Held: Equatable {
        let inhibitor: DesktopInhibitor
        let token: DesktopInhibitor.Token
        let why: String
    }

    enum Action: Equatable {
        case take(DesktopInhibitor, why: String)
        case release(Held)
    }

    private(set) var held: Held?
    /// Why none could be taken for the reason wanted: each inhibitor's refusal. Cleared when one is held.
    private(set) var problem: String?
    private var wanted: String?
    private var onBus = false
    /// The take awaiting its answer: only one at a time.
    private var asking: (inhibitor: DesktopInhibitor, why: String)?
    /// The inhibitors that refused the reason wanted, with why: asked again only when the reason changes.
    private var refusals: [(DesktopInhibitor, String)] = []

    /// Holds one giving `why`, or with nil releases it.
    mutating func want(_ why: String?) -> [Action] {
        if why != wanted { refusals = [] }
        wanted = why
        return reconcile()
    }

    /// The session bus was joined: take one if it is wanted.
    mutating func joined() -> [Action] {
        onBus = true
        return reconcile()
    }

    /// The session bus went away: whatever was held went with our connection (each service drops a caller's
    /// inhibitors when it leaves the bus), and nothing more is asked until it is joined again.
    mutating func lost() {
        (onBus, held, asking, refusals) = (false, nil, nil, [])
    }

    /// The take asked for was answered with `token`.
    mutating func took(_ token: DesktopInhibitor.Token) -> [Action] {
        guard let asked = asking else { return [] }
        asking = nil
        let old = held
        held = Held(inhibitor: asked.inhibitor, token: token, why: asked.why)
        problem = nil
        return (old.map { [.release($0)] } ?? []) + reconcile()
    }

    /// The take asked for was refused (`error`): the next inhibitor is asked.
    mutating func refused(_ error: String) -> [Action] {
        guard let asked = asking else { return [] }
        asking = nil
        if asked.why == wanted { refusals.append((asked.inhibitor, error)) }
        return reconcile()
    }

    /// The owner of `name` changed: if it had one, and it held ours, that is gone with it (nothing to release), and
    /// one is taken again; a service that appeared may be asked again.
    mutating func ownerChanged(_ name: String, hadOwner: Bool) -> [Action] {
        refusals.removeAll { $0.0.busName == name }
        if hadOwner, held?.inhibitor.busName == name { held = nil }
        return reconcile()
    }

    private mutating func reconcile() -> [Action] {
        guard onBus, asking == nil else { return [] }
        guard let why = wanted else {
            guard let old = held else { return [] }
            held = nil
            return [.release(old)]
        }
        guard held?.why != why else { return [] }
        guard
            let next = DesktopInhibitor.allCases.first(where: { inhibitor in !refusals.contains { $0.0 == inhibitor } })
        else {
            problem =
                "no desktop inhibitor could be taken: "
                + refusals.map { "\($0.0.rawValue): \($0.1)" }.joined(separator: "; ")
            return []
        }
        asking = (next, why)
        return [.take(next, why: why)]
    }
}
