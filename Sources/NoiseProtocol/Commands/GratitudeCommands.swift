import LifeCalendar
import NoiseCore
import NoiseTime

extension Commands {
    public struct GratitudeWrite: DaemonCommand {
        public typealias Reply = GratitudeSaved
        public static let name = "gratitude_write"
        public static let senders = Senders.pages
        public var text: String
        /// nil: the daemon's today.
        public var date: LocalDate?
        public var mode: GratitudeWriteMode

        public init(text: String, date: LocalDate? = nil, mode: GratitudeWriteMode = .new) {
            self.text = text
            self.date = date
            self.mode = mode
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["text", "date", "mode"])
            let text = try reader.requiredString("text")
            if let problem = GratitudeEntry.problem(text: text) {
                throw ProtocolError(.invalidArgument, "gratitude_write: \(problem)")
            }
            let modeText = try reader.string("mode") ?? GratitudeWriteMode.new.rawValue
            guard let mode = GratitudeWriteMode(rawValue: modeText) else {
                throw ProtocolError(
                    .invalidArgument,
                    "gratitude_write: 'mode' must be "
                        + GratitudeWriteMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                        + ", got \"\(modeText.prefix(40))\"")
            }
            self.init(text: text, date: try LifeArguments.date(reader, "date"), mode: mode)
        }
    }

    public struct GratitudeShow: DaemonCommand {
        public typealias Reply = GratitudeShown
        public static let name = "gratitude_show"
        public static let senders = Senders.pages
        public var date: LocalDate?

        public init(date: LocalDate? = nil) { self.date = date }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            self.init(
                date: try LifeArguments.date(
                    try ArgumentReader(command: Self.name, args: arguments, accepted: ["date"]), "date"))
        }
    }

    /// A page of the entries from `since` (or after `after`, the last date of the page before), oldest first.
    public struct GratitudeList: DaemonCommand {
        public typealias Reply = GratitudeEntries
        public static let name = "gratitude_list"
        public static let senders = Senders.pages
        public var since: LocalDate?
        public var after: LocalDate?
        public var limit: Int

        public init(since: LocalDate? = nil, after: LocalDate? = nil, limit: Int = LifeLimits.maxEntriesPage) {
            self.since = since
            self.after = after
            self.limit = limit
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["since", "after", "limit"])
            self.init(
                since: try LifeArguments.date(reader, "since"), after: try LifeArguments.date(reader, "after"),
                limit: try reader.integer("limit", in: 1...LifeLimits.maxEntriesPage) ?? LifeLimits.maxEntriesPage)
        }
    }

    /// `gratitude_list` from the first entry: a page of what `gratitude_import` reads back.
    public struct GratitudeExport: DaemonCommand {
        public typealias Reply = GratitudeEntries
        public static let name = "gratitude_export"
        public static let senders = Senders.localOnly
        public var after: LocalDate?
        public var limit: Int

        public init(after: LocalDate? = nil, limit: Int = LifeLimits.maxEntriesPage) {
            self.after = after
            self.limit = limit
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["after", "limit"])
            self.init(
                after: try LifeArguments.date(reader, "after"),
                limit: try reader.integer("limit", in: 1...LifeLimits.maxEntriesPage) ?? LifeLimits.maxEntriesPage)
        }
    }

    public struct GratitudeSearch: DaemonCommand {
        public typealias Reply = GratitudeMatches
        public static let name = "gratitude_search"
        public static let senders = Senders.pages
        public var words: String

        public init(words: String) { self.words = words }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["words"])
            let words = try reader.requiredString("words")
            guard words.contains(where: { $0.isLetter || $0.isNumber }) else {
                throw ProtocolError(
                    .invalidArgument, "gratitude_search: 'words' needs at least one word, got \"\(words.prefix(40))\"")
            }
            self.init(words: words)
        }
    }

    /// Entries to store; with `stage`, a batch of the import so named, held until its `last` and stored whole then.
    public struct GratitudeImport: DaemonCommand {
        public typealias Reply = GratitudeImported
        public static let name = "gratitude_import"
        public static let senders = Senders.localOnly
        public var entries: [GratitudeEntry]
        public var stage: String?
        public var last: Bool

        public init(entries: [GratitudeEntry], stage: String? = nil, last: Bool = false) {
            self.entries = entries
            self.stage = stage
            self.last = last
        }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(
                command: Self.name, args: arguments, accepted: ["entries", "stage", "last"])
            let stage = try reader.string("stage")
            if let stage, stage.isEmpty || stage.count > Limits.maxIdLength {
                throw ProtocolError(
                    .invalidArgument,
                    "gratitude_import: 'stage' names the import, 1 to \(Limits.maxIdLength) "
                        + "characters")
            }
            let last = try reader.bool("last") ?? false
            if last && stage == nil {
                throw ProtocolError(
                    .invalidArgument, "gratitude_import: 'last' ends a staged import; give its 'stage' too")
            }
            self.init(entries: try LifeArguments.entries(reader), stage: stage, last: last)
        }
    }

    /// Sets the daily reminder (`time`), turns it off (`off`), or with neither says how it is.
    public struct GratitudeRemind: DaemonCommand {
        public typealias Reply = GratitudeReminder
        public static let name = "gratitude_remind"
        public static let senders = Senders.localOnly
        public var change: GratitudeRemindChange

        public init(_ change: GratitudeRemindChange = .show) { self.change = change }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            let reader = try ArgumentReader(command: Self.name, args: arguments, accepted: ["time", "off"])
            let off = try reader.bool("off") ?? false
            guard let text = try reader.string("time") else {
                self.init(off ? .off : .show)
                return
            }
            guard !off else {
                throw ProtocolError(
                    .invalidArgument, "gratitude_remind takes 'time' (to set it) or 'off': true, not both")
            }
            do { self.init(.set(try TimeOfDay.parse(text))) } catch {
                throw ProtocolError(.invalidArgument, "gratitude_remind: 'time' \(error)")
            }
        }

        private enum Key: String, CodingKey { case time, off }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch change {
            case .show: break
            case .set(let time): try container.encode(time, forKey: .time)
            case .off: try container.encode(true, forKey: .off)
            }
        }
    }
}

/// What `gratitude_remind` changes.
public enum GratitudeRemindChange: Sendable, Equatable {
    case show
    case set(TimeOfDay)
    case off
}
