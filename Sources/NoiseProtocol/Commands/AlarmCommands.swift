import NoiseAlarms
import NoiseCore
import NoiseTime

extension Commands {
    public struct AlarmAdd: DaemonCommand {
        public typealias Reply = AlarmInfo
        public static let name = "alarm_add"
        public static let senders = Senders.pages
        public var changes: AlarmChanges

        public init(_ changes: AlarmChanges) { self.changes = changes }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: AlarmChangesReader.fields)
            let changes = try AlarmChangesReader.changes(reader, command: Self.name)
            if changes.pass != nil {
                guard changes.pass?.satellite != nil else {
                    throw ProtocolError(
                        .invalidArgument,
                        "alarm_add: 'pass_visible', 'pass_min_elevation' and 'pass_before' go with 'pass_satellite' (25544 for the ISS)"
                    )
                }
                guard changes.time == nil, changes.repeat == nil else {
                    throw ProtocolError(
                        .invalidArgument, "alarm_add: a pass alarm rings before each pass: give no 'time' or 'repeat'")
                }
            } else if changes.time == nil {
                throw ProtocolError(
                    .invalidArgument, "alarm_add needs 'time', e.g. \"07:00\" (or 'pass_satellite' for a pass alarm)")
            }
            self.init(changes)
        }

        public func encode(to encoder: any Encoder) throws { try changes.encode(to: encoder) }
    }

    public struct AlarmEdit: DaemonCommand {
        public typealias Reply = AlarmInfo
        public static let name = "alarm_edit"
        public static let senders = Senders.pages
        public var id: Int64
        public var changes: AlarmChanges

        public init(id: Int64, _ changes: AlarmChanges) {
            self.id = id
            self.changes = changes
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(
                command: Self.name, args: arguments, accepted: ["id"] + AlarmChangesReader.fields)
            let id = try reader.alarmID()
            guard arguments.contains(where: { $0.key != "id" && $0.value != .null }) else {
                throw ProtocolError(
                    .invalidArgument,
                    "\(Self.name) needs something to change besides 'id'; accepted: "
                        + AlarmChangesReader.fields.joined(separator: ", "))
            }
            self.init(id: id, try AlarmChangesReader.changes(reader, command: Self.name))
        }

        private enum Key: String, CodingKey { case id }

        public func encode(to encoder: any Encoder) throws {
            try changes.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(id, forKey: .id)
        }
    }

    public struct AlarmEnable: AlarmByID {
        public static let name = "alarm_enable"
        public var id: Int64
        public init(id: Int64) { self.id = id }
    }

    public struct AlarmDisable: AlarmByID {
        public static let name = "alarm_disable"
        public var id: Int64
        public init(id: Int64) { self.id = id }
    }

    public struct AlarmDuplicate: AlarmByID {
        public static let name = "alarm_duplicate"
        public var id: Int64
        public init(id: Int64) { self.id = id }
    }

    public struct AlarmShow: AlarmByID {
        public static let name = "alarm_show"
        public static let senders = Senders.localOnly
        public var id: Int64
        public init(id: Int64) { self.id = id }
    }

    /// Removes one alarm (`id`, answered `{"removed": id}`) or several (`ids`, answered with the list).
    public struct AlarmRemove: DaemonCommand {
        public typealias Reply = AlarmsRemoved
        public static let name = "alarm_remove"
        public static let senders = Senders.pages
        public var ids: [Int64]
        /// Asked with `id`, not `ids`.
        public var single: Bool

        public init(id: Int64) {
            self.ids = [id]
            self.single = true
        }

        public init(ids: [Int64]) {
            self.ids = ids
            self.single = false
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["id", "ids"])
            if arguments["ids"] == nil {
                self.init(id: try reader.alarmID())
                return
            }
            guard arguments["id"] == nil, let ids = try reader.alarmIDs("ids") else {
                throw ProtocolError(
                    .invalidArgument, "alarm_remove needs 'id' (an alarm id) or 'ids' (a list of them), not both")
            }
            self.init(ids: ids)
        }

        private enum Key: String, CodingKey { case id, ids }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if single, let id = ids.first {
                try container.encode(id, forKey: .id)
            } else {
                try container.encode(ids, forKey: .ids)
            }
        }
    }

    /// A page of the alarms, the next to ring first.
    public struct AlarmList: DaemonCommand {
        public typealias Reply = NoiseProtocol.AlarmList
        public static let name = "alarm_list"
        public static let senders = Senders.pages
        public var offset: Int
        public var limit: Int

        public init(offset: Int = 0, limit: Int = Limits.maxListPage) {
            self.offset = offset
            self.limit = limit
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["offset", "limit"])
            self.init(
                offset: try reader.integer("offset", in: 0...Int(Int32.max)) ?? 0,
                limit: try reader.integer("limit", in: 1...Limits.maxListPage) ?? Limits.maxListPage)
        }
    }

    public struct AlarmNext: PlainCommand {
        public typealias Reply = NextAlarm
        public static let name = "alarm_next"
        public static let senders = Senders.localOnly
        public init() {}
    }

    /// The missed alarms kept, newest first.
    public struct AlarmMissed: PlainCommand {
        public typealias Reply = MissedList
        public static let name = "alarm_missed"
        public static let senders = Senders.localOnly
        public init() {}
    }

    /// Forgets the missed alarms.
    public struct AlarmMissedClear: PlainCommand {
        public typealias Reply = MissedCleared
        public static let name = "alarm_missed_clear"
        public static let senders = Senders.pages
        public init() {}
    }
}

/// A command whose one argument is an alarm's id, answered with the alarm.
public protocol AlarmByID: DaemonCommand where Reply == AlarmInfo {
    var id: Int64 { get }
    init(id: Int64)
}

extension AlarmByID {
    public static var senders: Senders { .pages }

    public init(arguments: [String: JSONValue]) throws(ProtocolError) {
        self.init(id: try ArgumentReader(command: Self.name, args: arguments, accepted: ["id"]).alarmID())
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AlarmIDKey.self)
        try container.encode(id, forKey: .id)
    }
}

enum AlarmIDKey: String, CodingKey { case id }

/// `alarm_remove`'s reply: `{"removed": id}` when asked with `id`, `{"removed": [ids]}` when asked with `ids`.
public struct AlarmsRemoved: Codable, Sendable, Equatable {
    public var removed: [Int64]
    public var single: Bool

    public init(removed: [Int64], single: Bool) {
        self.removed = removed
        self.single = single
    }

    private enum Key: String, CodingKey { case removed }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let id = try? container.decode(Int64.self, forKey: .removed) {
            self.init(removed: [id], single: true)
        } else {
            self.init(removed: try container.decode([Int64].self, forKey: .removed), single: false)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if single, let id = removed.first {
            try container.encode(id, forKey: .removed)
        } else {
            try container.encode(removed, forKey: .removed)
        }
    }
}
