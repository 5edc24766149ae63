import Foundation
import Testing

@testable import ClockFace
@testable import NoiseTime
@testable import Orbits

/// Element sets and SGP4 at a glance; the whole verification set runs through `noisectl iss propagate` in
/// Tests/integration/test_satellites.py.
@Suite("Orbits: element sets and SGP4")
struct OrbitsTests {
    /// Vallado's first verification satellite (00005, "TEME example"), line 2 cut at column 69.
    static let vanguard = """
        1 00005U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753
        2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667
        """

    @Test func aTwoLineSetIsReadFieldByField() throws {
        let set = try #require(try TwoLineElements.parse(Self.vanguard).first)
        #expect(set.catalogNumber == 5 && set.classification == "U" && set.internationalDesignator == "58002B  ")
        #expect(set.epochYear == 2000 && set.epochDay == 179.78495062)
        #expect(set.meanMotionDot == 0.00000023 && set.meanMotionDDot == 0 && abs(set.bstar - 0.28098e-4) < 1e-18)
        #expect(set.inclination == 34.2682 && set.rightAscension == 348.7242 && set.eccentricity == 0.1859667)
        #expect(set.argumentOfPerigee == 331.7664 && set.meanAnomaly == 19.3264 && set.meanMotion == 10.82419157)
        #expect(set.revolutionNumber == 41366 && set.elementSetNumber == 475)
        // 2000-06-27 18:50:19.733568 UTC.
        #expect(abs(set.epochUnix - 962_131_819.733568) < 1e-5)
    }

    @Test func sgp4GivesTheReferenceStateAtTheEpoch() throws {
        let set = try #require(try TwoLineElements.parse(Self.vanguard).first)
        let (r, v) = try SGP4(set).state(minutesSinceEpoch: 0)
        let want = ([7022.46529266, -1400.08296755, 0.03995155], [1.893841015, 6.405893759, 4.534807250])
        for (got, expected) in zip(r.array, want.0) { #expect(abs(got - expected) < 1e-6) }
        for (got, expected) in zip(v.array, want.1) { #expect(abs(got - expected) < 1.5e-9) }
    }

    @Test func alpha5CatalogNumbersAndBadFieldsSayWhere() throws {
        let alpha = Self.vanguard.replacingOccurrences(of: "00005", with: "A0005")
        #expect(try TwoLineElements.parse(alpha, checkingChecksums: false).first?.catalogNumber == 100_005)
        // A letter counts 0 in the checksum, as the digit 0 it replaced did; a changed digit does not.
        #expect(try TwoLineElements.parse(alpha).count == 1)
        let changed = Self.vanguard.replacingOccurrences(of: "58002B", with: "58003B")
        #expect(throws: ElementsError(line: 1, column: 69, "the checksum is '3', the line sums to 4")) {
            try TwoLineElements.parse(changed)
        }
        let letterI = Self.vanguard.replacingOccurrences(of: "00005", with: "I0005")
        #expect(throws: ElementsError.self) { try TwoLineElements.parse(letterI, checkingChecksums: false) }
    }

    @Test func anOMMObjectGivesTheSameSetAsItsTwoLines() throws {
        let omm = """
            [{"OBJECT_NAME":"VANGUARD 1","OBJECT_ID":"1958-002B","EPOCH":"2000-06-27T18:50:19.733568",
              "MEAN_MOTION":10.82419157,"ECCENTRICITY":0.1859667,"INCLINATION":34.2682,"RA_OF_ASC_NODE":348.7242,
              "ARG_OF_PERICENTER":331.7664,"MEAN_ANOMALY":19.3264,"EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U",
              "NORAD_CAT_ID":5,"ELEMENT_SET_NO":475,"REV_AT_EPOCH":41366,"BSTAR":2.8098e-5,
              "MEAN_MOTION_DOT":2.3e-7,"MEAN_MOTION_DDOT":0}]
            """
        let fromOMM = try #require(try OrbitMeanElementsMessage.parse(omm).first)
        let fromTLE = try #require(try TwoLineElements.parse(Self.vanguard).first)
        #expect(fromOMM.name == "VANGUARD 1" && fromOMM.catalogNumber == 5)
        #expect(abs(fromOMM.sgp4Epoch - fromTLE.sgp4Epoch) < 1e-9)
        let a = try SGP4(fromOMM).state(minutesSinceEpoch: 360).position
        let b = try SGP4(fromTLE).state(minutesSinceEpoch: 360).position
        #expect((a - b).length < 1e-3)
        #expect(throws: ElementsError.self) { try OrbitMeanElementsMessage.parse(#"[{"NORAD_CAT_ID":5}]"#) }
    }
}

/// The zones' cities, where satellite views start without a location.
@Suite("Zone coordinates")
struct ZoneCoordinatesTests {
    @Test func iso6709DegreesMinutesAndSecondsAreRead() throws {
        let table = ZoneCoordinates.parse(
            """
            # comment
            GB,GG,IM,JE\t+513030-0000731\tEurope/London
            AU\t-3352+15113\tAustralia/Sydney\tNew South Wales (most areas)
            XX\tnonsense\tBroken/Zone
            """)
        let london = try #require(table["Europe/London"])
        #expect(abs(london.latitude - (51 + 30.0 / 60 + 30.0 / 3600)) < 1e-12)
        #expect(abs(london.longitude + (7.0 / 60 + 31.0 / 3600)) < 1e-12)
        let sydney = try #require(table["Australia/Sydney"])
        #expect(abs(sydney.latitude + (33 + 52.0 / 60)) < 1e-12 && abs(sydney.longitude - (151 + 13.0 / 60)) < 1e-12)
        #expect(table["Broken/Zone"] == nil && table.count == 2)
    }
}

/// `noisectl iss compass`'s face at a fixed sighting (golden frames).
@Suite("Compass face")
struct CompassFaceTests {
    @Test func aSatelliteUpInTheWestSouthWest() {
        let reading = CompassFace.Reading(
            azimuth: 247.5, elevation: 34, lines: ["ISS (ZARYA): look WSW, 34° up, rising"])
        let frame = CompassFace.render(reading, size: TerminalSize(columns: 60, rows: 24))
        GoldenFrame.check(frame.text, "compass-wsw-34-60x24")
        // The gauge's mark stands at 34° of 90 on the 23-row rose: row 22 - round(34 / 90 * 22) = 14.
        #expect(frame.text[14].hasSuffix("◆    ") || frame.text[14].contains("◆"))
        #expect(frame.text[23].contains("look WSW, 34° up, rising"))
    }

    @Test func belowTheHorizonThereIsNoMark() {
        let reading = CompassFace.Reading(azimuth: 10, elevation: -20, lines: ["below"])
        let frame = CompassFace.render(reading, size: TerminalSize(columns: 40, rows: 16))
        #expect(!frame.text.joined().contains("◆"))
        #expect(frame.text.count == 16 && frame.text.allSatisfy { $0.count == 40 })
    }
}
