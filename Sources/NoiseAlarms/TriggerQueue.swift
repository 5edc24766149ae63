/// The next trigger of every armed alarm, kept sorted, so the scheduler finds the earliest without scanning
/// all alarms on every wake-up (10,000 alarms stay cheap). Insert and remove are a binary search and a move.
public struct TriggerQueue: Sendable, Equatable {
    public struct Entry: Sendable, Equatable, Comparable {
        public var instant: Double
        public var alarmID: Int64

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.instant, lhs.alarmID) < (rhs.instant, rhs.alarmID)
        }
    }

    private var entries: [Entry] = []
    private var byAlarm: [Int64: Double] = [:]

    public init() {}

    public var first: Entry? { entries.first }

    public func trigger(of alarmID: Int64) -> Double? { byAlarm[alarmID] }

    /// Sets (or with nil, clears) an alarm's next trigger.
    public mutating func set(_ alarmID: Int64, to instant: Double?) {
        if let old = byAlarm.removeValue(forKey: alarmID) {
            let entry = Entry(instant: old, alarmID: alarmID)
            let index = position(of: entry)
            if index < entries.count, entries[index] == entry { entries.remove(at: index) }
        }
        guard let instant else { return }
        let entry = Entry(instant: instant, alarmID: alarmID)
        entries.insert(entry, at: position(of: entry))
        byAlarm[alarmID] = instant
    }

    /// The entries due at or before `instant`, earliest first.
    public func due(by instant: Double) -> ArraySlice<Entry> {
        entries[..<position(of: Entry(instant: instant, alarmID: .max))].prefix { $0.instant <= instant }
    }

    private func position(of entry: Entry) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < entry { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
