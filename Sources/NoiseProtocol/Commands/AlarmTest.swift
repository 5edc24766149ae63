import NoiseCore

extension Commands {
    /// Rings an alarm now as a test: its sound, volume and ramp on the real output, for `AlarmDefaults.testRingSeconds`
    /// or until dismissed; nothing stored changes (docs/alarms.md, "Testing an alarm").
    public struct AlarmTest: DaemonCommand {
        public typealias Reply = AlarmTestRing
        public static let name = "alarm_test"
        public static let senders = Senders.pages
        public var id: Int64

        public init(id: Int64) { self.id = id }

        public init(arguments: [String: JSONValue]) throws(ProtocolError) {
            self.init(id: try ArgumentReader(command: Self.name, args: arguments, accepted: ["id"]).alarmID())
        }
    }
}
