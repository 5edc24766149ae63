import NoiseAlarms
import NoiseProtocol
import NoiseSystem

/// What the holidays file said when last read: the days off, and how it went (nil info: the config names none).
public struct HolidaysReading: Sendable, Equatable {
    public var holidays: Holidays
    public var info: HolidaysInfo?

    public init(holidays: Holidays = .none, info: HolidaysInfo? = nil) {
        self.holidays = holidays
        self.info = info
    }
}

/// Where alarms learn their days off (`[alarms] holidays`). One real implementation (`FileHolidaySource`); scheduler
/// tests give fixed days.
public protocol HolidaySource: Sendable {
    /// The files a change of which may change the days off (watched with the time zone's).
    var files: [String] { get }
    /// Reads them, expanding recurring days from `now`. Blocking: call it off the cooperative pool.
    func read(now: Int64) -> HolidaysReading
}

/// The iCalendar file the config's `[alarms] holidays` names, read with libical (`ICalendarHolidays`).
public struct FileHolidaySource: HolidaySource {
    let config: ConfigReader

    /// An .ics export of a country's holidays is tens of KiB; a year of a busy personal calendar a few MiB.
    static let maxBytes = 8 << 20

    public init(config: ConfigReader) {
        self.config = config
    }

    public var files: [String] { [config.path] + [config.read().settings.holidaysFile].compactMap { $0 } }

    public func read(now: Int64) -> HolidaysReading {
        guard let path = config.read().settings.holidaysFile else { return HolidaysReading() }
        func failed(_ problem: String) -> HolidaysReading {
            HolidaysReading(info: HolidaysInfo(file: path, events: 0, problems: [problem]))
        }
        let bytes: [UInt8]
        do {
            guard let read = try LocalFile.contents(of: path, maxBytes: Self.maxBytes, kind: "a holidays file") else {
                return failed("no such file")
            }
            bytes = read
        } catch { return failed(error.description) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return failed("not UTF-8 text (iCalendar files are UTF-8)")
        }
        let reading = ICalendarHolidays.read(text, now: now)
        return HolidaysReading(
            holidays: reading.holidays,
            info: HolidaysInfo(file: path, events: reading.events, problems: reading.problems))
    }
}
