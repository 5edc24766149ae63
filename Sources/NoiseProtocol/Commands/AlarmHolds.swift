import NoiseAlarms
import NoiseCore
import NoiseTime

/// The commands that hold an alarm's rings back: one ring (`alarm_skip`), or every ring before a date (`alarm_pause`).
extension Commands {
    /// Skips an alarm's next ring only (`undo`: takes the skip back), or the next ring of the repeating alarm that
    /// rings next (`next`); answered with the alarm, whose `skips` is the ring skipped (docs/alarms.md, "Skipping a
    /// ring").
    public struct AlarmSkip: DaemonCommand {
        public typealias Reply = AlarmInfo
        public static let name = "alarm_skip"
        public static let senders = Senders.pagesAndBroker

        /// Which alarm's ring: one by its id, or the repeating alarm's whose next trigger comes first (a button on a
        /// dashboard: "not tomorrow").
        public enum Target: Sendable, Equatable {
            case alarm(Int64)
            case next
        }

        public var target: Target
        public var undo: Bool

        public init(_ target: Target, undo: Bool = false) {
            self.target = target
            self.undo = undo
        }

        public init(id: Int64, undo: Bool = false) {
            self.init(.alarm(id), undo: undo)
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["id", "next", "undo"])
            let undo = try reader.bool("undo") ?? false
            switch (arguments["id"].map { $0 != .null } ?? false, try reader.bool("next") ?? false) {
            case (true, false): self.init(.alarm(try reader.alarmID()), undo: undo)
            case (false, true):
                guard !undo else {
                    throw ProtocolError(
                        .invalidArgument,
                        "\(Self.name): 'undo' takes one alarm's skip back; give its 'id' ('noisectl alarm list' shows "
                            + "which alarm skips a ring)")
                }
                self.init(.next)
            case (true, true):
                throw ProtocolError(.invalidArgument, "\(Self.name): give 'id' or 'next': true, not both")
            case (false, false):
                throw ProtocolError(
                    .invalidArgument,
                    "\(Self.name) needs 'id', an alarm id (see 'noisectl alarm list'), or 'next': true for the "
                        + "repeating alarm that rings next")
            }
        }

        private enum CodingKeys: String, CodingKey { case id, next, undo }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch target {
            case .alarm(let id): try container.encode(id, forKey: .id)
            case .next: try container.encode(true, forKey: .next)
            }
            try container.encode(undo, forKey: .undo)
        }
    }

    /// Pauses an alarm until a date (`until`: no ring before that date's start on the alarm's clock) or ends its pause
    /// (`undo`); answered with the alarm, whose `paused_until` is the date (docs/alarms.md, "Pausing an alarm").
    public struct AlarmPause: DaemonCommand {
        public typealias Reply = AlarmInfo
        public static let name = "alarm_pause"
        public static let senders = Senders.pages

        /// What the request asks: a pause until a date, or the end of the pause there is.
        public enum Change: Sendable, Equatable {
            case until(LocalDate)
            case undo
        }

        public var id: Int64
        public var change: Change

        public init(id: Int64, _ change: Change) {
            self.id = id
            self.change = change
        }

        /// The date the daemon pauses until; nil for `undo`.
        public var until: LocalDate? {
            if case .until(let date) = change { return date }
            return nil
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["id", "until", "undo"])
            let id = try reader.alarmID()
            let until = try LifeArguments.date(reader, "until")
            switch (until, try reader.bool("undo") ?? false) {
            case (let date?, false): self.init(id: id, .until(date))
            case (nil, true): self.init(id: id, .undo)
            case (nil, false):
                throw ProtocolError(
                    .invalidArgument, "\(Self.name) needs 'until', a date (YYYY-MM-DD), or 'undo': true to end a pause")
            case (_?, true):
                throw ProtocolError(
                    .invalidArgument, "\(Self.name): 'until' and 'undo' are each other's opposites; give one")
            }
        }

        private enum CodingKeys: String, CodingKey { case id, until, undo }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            switch change {
            case .until(let date): try container.encode(date, forKey: .until)
            case .undo: try container.encode(true, forKey: .undo)
            }
        }
    }
}
