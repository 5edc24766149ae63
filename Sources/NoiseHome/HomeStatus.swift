import NoiseCore

/// What noisehome says of itself (`noisehome --status`, docs/home.md): whether it is connected to noised and to the
/// broker, since when and why not, and how its hooks went. Written by the running noisehome at each change, read by
/// `--status`; pure, so its words are tested without either.
public struct HomeStatus: Sendable, Equatable, Codable {
    /// One connection: up or down since an instant (Unix seconds), and why it is down.
    public struct Link: Sendable, Equatable, Codable {
        public var connected: Bool
        public var since: Double
        @ExplicitNull public var problem: String?

        public init(connected: Bool, since: Double, problem: String? = nil) {
            self.connected = connected
            self.since = since
            self.problem = problem
        }
    }

    public var pid: Int32
    public var noised: Link
    /// The broker, `mqtt://host:port`, when `[mqtt]` is set.
    @ExplicitNull public var broker: String?
    @ExplicitNull public var mqtt: Link?
    /// The hooks run and failed, when `[hooks]` is set.
    @ExplicitNull public var hooks: [String: Int]?

    public init(pid: Int32, now: Double, broker: String?, hooks: Bool) {
        self.pid = pid
        noised = Link(connected: false, since: now, problem: "not connected yet")
        self.broker = broker
        mqtt = broker == nil ? nil : Link(connected: false, since: now, problem: "not connected yet")
        self.hooks = hooks ? ["ran": 0, "failed": 0] : nil
    }

    /// Whether everything configured is connected: `--status` exits 0 then, else 1.
    public var allConnected: Bool { noised.connected && (mqtt?.connected ?? true) }

    /// The lines `--status` prints, with each link's time as `now` minus its `since`.
    public func lines(now: Double) -> [String] {
        func link(_ name: String, _ link: Link) -> String {
            let age = DurationParser.describe(max(0, now - link.since).rounded())
            return link.connected
                ? "\(name): connected for \(age)"
                : "\(name): not connected for \(age)" + (link.problem.map { " (\($0))" } ?? "")
        }
        var lines = ["noisehome \(pid)", link("noised", noised)]
        if let broker, let mqtt { lines.append(link("MQTT broker \(broker)", mqtt)) }
        if let hooks { lines.append("hooks: \(hooks["ran"] ?? 0) run, \(hooks["failed"] ?? 0) failed") }
        return lines
    }
}
