import Testing

@testable import ClockFace
@testable import NoiseCore

@Suite("Complication text")
struct ComplicationTextTests {
    @Test
    func namesTheCityAndTheDifferenceInHours() {
        #expect(
            ComplicationText.zoneDifference(zone: "Asia/Kolkata", zoneOffset: 19_800, localOffset: 0)
                == "Kolkata +5:30")
        #expect(
            ComplicationText.zoneDifference(zone: "Asia/Kathmandu", zoneOffset: 20_700, localOffset: 3600)
                == "Kathmandu +4:45")
        #expect(
            ComplicationText.zoneDifference(zone: "America/Chicago", zoneOffset: -21_600, localOffset: 0)
                == "Chicago -6")
        #expect(
            ComplicationText.zoneDifference(zone: "Europe/Berlin", zoneOffset: 3600, localOffset: 3600)
                == "Berlin 0")
    }

    @Test
    func aTextTooWideKeepsItsLastWordThenItsStart() {
        #expect(ComplicationText.fitted("Kolkata +5:30", width: 13) == "Kolkata +5:30")
        #expect(ComplicationText.fitted("Kolkata +5:30", width: 12) == "+5:30")
        #expect(ComplicationText.fitted("Kolkata +5:30", width: 3) == "+5:")
        #expect(ComplicationText.fitted("Kolkata +5:30", width: 0) == "")
    }
}
