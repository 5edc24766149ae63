/// What the big digital clock shows at one instant: the time and the overlays around it. Built by
/// `noisectl clock` from the system and the daemon; rendered by `DigitalFace` with no I/O.
public struct DigitalClockScene: Sendable, Equatable {
    public var reading: ClockReading
    public var twelveHour: Bool
    public var seconds: Bool
    /// The AM/PM badge, in 12-hour mode.
    public var ampm: Bool
    public var date: Bool
    /// `Battery 84% charging`, top right; nil without a battery.
    public var battery: String?
    /// While an alarm rings: the banner across the screen, e.g. `ALARM 07:00 Work — s snooze · d dismiss`.
    public var ringing: String?
    /// Lines under the time: the next alarm, what plays.
    public var info: [String]
    /// One small line at the bottom: `noised is not running`, or what a key did.
    public var note: String?

    public init(
        reading: ClockReading, twelveHour: Bool = false, seconds: Bool = false, ampm: Bool = false,
        date: Bool = false, battery: String? = nil, ringing: String? = nil, info: [String] = [],
        note: String? = nil
    ) {
        self.reading = reading
        self.twelveHour = twelveHour
        self.seconds = seconds
        self.ampm = ampm
        self.date = date
        self.battery = battery
        self.ringing = ringing
        self.info = info
        self.note = note
    }

    /// The digits the face draws: hours always two cells wide (a blank tens digit in 12-hour mode).
    var digitText: String {
        let hour = twelveHour ? ClockText.twelveHourValue(reading.hour) : reading.hour
        let hours = hour < 10 ? (twelveHour ? " \(hour)" : "0\(hour)") : "\(hour)"
        return hours + ":" + ClockText.two(reading.minute) + (seconds ? ":" + ClockText.two(reading.second) : "")
    }

    var badge: String? {
        twelveHour && ampm ? ClockText.meridiem(reading.hour) : nil
    }
}
