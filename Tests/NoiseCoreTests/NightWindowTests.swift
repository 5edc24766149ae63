import Foundation
import Testing

@testable import NoiseConfig
@testable import NoiseTime
@testable import Orbits

/// Unix seconds at a UTC civil time.
private func utc(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
) -> Int64 {
    CivilDate.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
}

private func schedule(_ text: String) throws -> NightSchedule {
    try NightSchedule.parse(text).get()
}

@Suite("The night screen's window by the clock")
struct NightWindowHoursTests {
    @Test func aNightAcrossMidnightHoldsFromItsStartToTheNextMorning() throws {
        let london = try zone("Europe/London")
        let night = try schedule("22:30-06:30")
        // 23:00 BST on 1 June: the night began at 22:30 BST (21:30Z) and ends at 06:30 BST (05:30Z).
        #expect(
            NightWindow.at(utc(2026, 6, 1, 22), schedule: night, zone: london, place: nil)
                == NightWindow(
                    isNight: true, start: utc(2026, 6, 1, 21, 30), end: utc(2026, 6, 2, 5, 30),
                    nextChange: utc(2026, 6, 2, 5, 30)))
        // 03:00 BST the next morning: the same night.
        #expect(
            NightWindow.at(utc(2026, 6, 2, 2), schedule: night, zone: london, place: nil).start
                == utc(2026, 6, 1, 21, 30))
        // Noon: day, and the coming night.
        #expect(
            NightWindow.at(utc(2026, 6, 2, 11), schedule: night, zone: london, place: nil)
                == NightWindow(
                    isNight: false, start: utc(2026, 6, 2, 21, 30), end: utc(2026, 6, 3, 5, 30),
                    nextChange: utc(2026, 6, 2, 21, 30)))
        // Its edges: night from the start's second, day from the end's.
        #expect(NightWindow.at(utc(2026, 6, 2, 21, 30), schedule: night, zone: london, place: nil).isNight)
        #expect(!NightWindow.at(utc(2026, 6, 2, 21, 30) - 1, schedule: night, zone: london, place: nil).isNight)
        #expect(!NightWindow.at(utc(2026, 6, 3, 5, 30), schedule: night, zone: london, place: nil).isNight)
    }

    @Test func theNightsTheClocksChangeAreAnHourShorterAndLonger() throws {
        let london = try zone("Europe/London")
        let night = try schedule("22:30-06:30")
        // Clocks go forward at 01:00Z on 29 March 2026: 22:30 GMT to 06:30 BST is seven hours.
        let spring = NightWindow.at(utc(2026, 3, 28, 23), schedule: night, zone: london, place: nil)
        #expect(spring.start == utc(2026, 3, 28, 22, 30) && spring.end == utc(2026, 3, 29, 5, 30))
        // Back at 01:00Z on 25 October 2026: 22:30 BST to 06:30 GMT is nine hours.
        let autumn = NightWindow.at(utc(2026, 10, 24, 22), schedule: night, zone: london, place: nil)
        #expect(autumn.start == utc(2026, 10, 24, 21, 30) && autumn.end == utc(2026, 10, 25, 6, 30))
        // A start inside the skipped hour (01:30 on 29 March does not exist in London) is taken an hour later.
        let gap = NightWindow.at(utc(2026, 3, 29, 3), schedule: try schedule("01:30-05:00"), zone: london, place: nil)
        #expect(gap.isNight && gap.start == utc(2026, 3, 29, 1, 30) && gap.end == utc(2026, 3, 29, 4))
    }

    @Test func aWindowWithinOneDayAndOffWork() throws {
        let berlin = try zone("Europe/Berlin")
        let nap = NightWindow.at(utc(2026, 1, 5, 13), schedule: try schedule("13:30-15:00"), zone: berlin, place: nil)
        #expect(
            nap
                == NightWindow(
                    isNight: true, start: utc(2026, 1, 5, 12, 30), end: utc(2026, 1, 5, 14),
                    nextChange: utc(2026, 1, 5, 14)))
        let off = NightWindow.at(utc(2026, 1, 5, 13), schedule: .off, zone: berlin, place: nil)
        #expect(!off.isNight && off.start == nil && off.nextChange == utc(2026, 1, 5, 13) + NightWindow.recheck)
    }

    @Test(arguments: ["off", "sun", "22:30-06:30", "00:00-23:59", "13:30-15:00"])
    func aScheduleReadsBackAsWritten(_ text: String) throws {
        #expect(try schedule(text).description == text)
    }
}

/// Sunrise and sunset against NOAA's Solar Calculator: its published equations (the Sun's centre 0.833° below the
/// horizon), as astral 3.2 (PyPI) implements them, run for these places and dates; to the second. NOAA states its
/// equations good to about a minute at these latitudes: within 1 minute.
@Suite("The night screen's window by the Sun")
struct NightWindowSunTests {
    static let tolerance: Int64 = 60

    func expectNear(_ actual: Int64?, _ expected: Int64, _ what: String) {
        guard let actual else {
            Issue.record("\(what): none")
            return
        }
        #expect(abs(actual - expected) <= Self.tolerance, "\(what): off by \(actual - expected) s")
    }

    @Test(arguments: [
        // place, latitude, longitude, now (sun up), sunset, the next sunrise (UTC)
        (
            "London, midsummer", 51.5074, -0.1278, utc(2026, 6, 21, 12), utc(2026, 6, 21, 20, 21, 12),
            utc(2026, 6, 22, 3, 43, 41)
        ),
        (
            "London, midwinter", 51.5074, -0.1278, utc(2026, 12, 21, 12), utc(2026, 12, 21, 15, 53, 3),
            utc(2026, 12, 22, 8, 4, 36)
        ),
        (
            "New York, midsummer", 40.7128, -74.0060, utc(2026, 6, 21, 16), utc(2026, 6, 22, 0, 30, 16),
            utc(2026, 6, 22, 9, 25, 31)
        ),
        (
            "Sydney, midsummer", -33.8688, 151.2093, utc(2026, 12, 21, 2), utc(2026, 12, 21, 9, 5, 11),
            utc(2026, 12, 21, 18, 41, 22)
        ),
    ])
    func byDayTheNightIsFromSunsetToSunrise(
        _ place: String, _ latitude: Double, _ longitude: Double, _ now: Int64, _ sunset: Int64, _ sunrise: Int64
    ) {
        let window = NightWindow.at(
            now, schedule: .sun, zone: .utc, place: GeodeticPosition(latitude: latitude, longitude: longitude))
        #expect(!window.isNight)
        expectNear(window.start, sunset, place + " sunset")
        expectNear(window.end, sunrise, place + " sunrise")
        #expect(window.nextChange == window.start)
    }

    @Test func atNightItEndsAtSunrise() {
        let london = GeodeticPosition(latitude: 51.5074, longitude: -0.1278)
        let window = NightWindow.at(utc(2026, 6, 22, 0), schedule: .sun, zone: .utc, place: london)
        #expect(window.isNight)
        expectNear(window.start, utc(2026, 6, 21, 20, 21, 12), "sunset")
        expectNear(window.end, utc(2026, 6, 22, 3, 43, 41), "sunrise")
        #expect(window.nextChange == window.end)
    }

    @Test func polarNightAndDayHaveNoEdgesAndAreAskedAgainLater() {
        let tromso = GeodeticPosition(latitude: 69.6492, longitude: 18.9553)
        let now = utc(2026, 12, 21, 11)
        let winter = NightWindow.at(now, schedule: .sun, zone: .utc, place: tromso)
        #expect(winter == NightWindow(isNight: true, start: nil, end: nil, nextChange: now + NightWindow.recheck))
        let summer = NightWindow.at(utc(2026, 6, 21, 23), schedule: .sun, zone: .utc, place: tromso)
        #expect(
            summer
                == NightWindow(
                    isNight: false, start: nil, end: nil, nextChange: utc(2026, 6, 21, 23) + NightWindow.recheck))
        // No place known: never night by the Sun.
        #expect(!NightWindow.at(now, schedule: .sun, zone: .utc, place: nil).isNight)
    }
}

@Suite("The night look")
struct NightLookTests {
    @Test func theCapIsTheColourScaledByTheBrightness() {
        var face = FaceSettings()
        #expect(NightLook(face).css == "rgb(64 0 0)")
        face.nightColor = .rgb(255, 128, 0)
        face.nightBrightness = 10
        #expect(NightLook(face).css == "rgb(26 13 0)")
    }

    @Test func theSheetIsDarkFromTheFirstPaintAtNightAndLiftsForTheDawnAndTheRingingScreen() {
        let look = NightLook(FaceSettings())
        let night = look.styleSheet(isNight: true)
        #expect(night.contains("html:not(.day)::after { opacity: 1; }"))
        #expect(night.contains("html:not(.day).dawn::after, html:not(.day).alarm-ringing::after { opacity: 0; }"))
        #expect(night.contains("--night-cap: rgb(64 0 0)") && night.contains("mix-blend-mode: multiply"))
        #expect(night.contains("transition: opacity \(NightLook.riseSeconds)s"))
        #expect(look.styleSheet(isNight: false).contains("html.night::after { opacity: 1; }"))
    }
}
