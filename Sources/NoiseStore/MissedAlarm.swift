import GRDB
import NoiseAlarms
import NoiseCore

/// A missed alarm, kept for `status` and `alarm missed` even if the alarm is removed later.
public struct MissedAlarm: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "missed"

    public var id: Int64?
    public var alarmId: Int64
    public var label: String
    public var trigger: Double
    public var reason: String
    public var recordedAt: Int64
}
