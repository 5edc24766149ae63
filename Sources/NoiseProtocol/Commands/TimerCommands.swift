import NoiseAlarms
import NoiseCore

extension Commands {
    /// A one-shot alarm `seconds` from now (an alarm whose rule is `.instant`).
    public struct TimerAdd: DaemonCommand {
        public typealias Reply = AlarmInfo
        public static let name = "timer_add"
        public static let senders = Senders.pages
        public var seconds: Double
        public var label: String?
        public var sound: String?

        public init(seconds: Double, label: String? = nil, sound: String? = nil) {
            self.seconds = seconds
            self.label = label
            self.sound = sound
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(
                command: Self.name, args: arguments, accepted: ["seconds", "label", "sound"])
            guard let seconds = try reader.number("seconds", in: 1...Limits.maxTimerSeconds, unit: "seconds") else {
                throw ProtocolError(
                    .invalidArgument, "timer_add needs 'seconds' (1 to \(Limits.maxTimerSeconds.formatted))")
            }
            let label = try reader.string("label")
            if let label, let problem = AlarmChanges(label: label).problem() {
                throw ProtocolError(.invalidArgument, "timer_add: \(problem.message)")
            }
            self.init(seconds: seconds, label: label, sound: try reader.string("sound"))
        }
    }

    public struct TimerList: PlainCommand {
        public typealias Reply = NoiseProtocol.TimerList
        public static let name = "timer_list"
        public static let senders = Senders.localOnly
        public init() {}
    }

    /// Cancels these timers; nil cancels every one.
    public struct TimerCancel: DaemonCommand {
        public typealias Reply = CancelledTimers
        public static let name = "timer_cancel"
        public static let senders = Senders.pages
        public var ids: [Int64]?

        public init(ids: [Int64]? = nil) { self.ids = ids }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["ids"])
            self.init(ids: try reader.alarmIDs("ids"))
        }
    }

    /// Snoozes the ringing alarms, or only alarm `id`.
    public struct Snooze: DaemonCommand {
        public typealias Reply = NoiseProtocol.AlarmList
        public static let name = "snooze"
        public static let senders = Senders.pagesAndBroker
        public var minutes: Int?
        public var id: Int64?

        public init(minutes: Int? = nil, id: Int64? = nil) {
            self.minutes = minutes
            self.id = id
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["minutes", "id"])
            self.init(
                minutes: try reader.integer("minutes", in: AlarmDefaults.snoozeRange, unit: "minutes"),
                id: try reader.optionalAlarmID())
        }
    }

    /// Dismisses the ringing alarms (with none ringing, the snoozed ones), or only alarm `id`, ringing or snoozed.
    public struct Dismiss: DaemonCommand {
        public typealias Reply = NoiseProtocol.AlarmList
        public static let name = "dismiss"
        public static let senders = Senders.pagesAndBroker
        public var id: Int64?

        public init(id: Int64? = nil) { self.id = id }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["id"])
            self.init(id: try reader.optionalAlarmID())
        }
    }
}
