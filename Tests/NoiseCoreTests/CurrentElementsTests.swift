import Testing

@testable import Orbits

/// `OrbitalElements.checkCurrent`: whether a kept set may still be used for passes and positions at the instant
/// asked about (docs/satellites.md, "Elements too old"): at most 14 days from its epoch, no decay, a perigee above
/// the atmosphere.
@Suite("Orbits: which element sets still tell where a satellite is")
struct CurrentElementsTests {
    /// The ISS of 2024-01-01T12:00:00Z, with its name.
    static let iss = PassAlarmRuleTests.iss
    static let day = 86_400.0

    func refusal(_ set: OrbitalElements = iss, at instant: Double) -> UnusableElements? {
        do {
            try set.checkCurrent(atUnix: instant)
            return nil
        } catch {
            return error
        }
    }

    @Test func elementsAreUsedUpTo14DaysFromTheirEpochEitherWay() {
        let epoch = Self.iss.epochUnix
        for days in [0.0, 1, 7, 13.9, 14, -1, -14] {
            #expect(refusal(at: epoch + days * Self.day) == nil, "\(days) days from the epoch")
        }
        #expect(refusal(at: epoch + 14 * Self.day + 60) != nil)
        #expect(refusal(at: epoch - 14 * Self.day - 60) != nil)
    }

    /// The defect: 1,062-day-old elements (the test fixture's, on 2026-11-28) put the ISS 116 km up and gave passes
    /// at magnitude −7; they are refused, saying how old they are and how to refresh them.
    @Test func elementsYearsOldAreRefusedWithTheirAgeAndHowToRefreshThem() throws {
        let error = try #require(refusal(at: Self.iss.epochUnix + 1_062.5 * Self.day))
        #expect(
            error.description.hasPrefix(
                "ISS (ZARYA) (25544): the elements are 1062.5 days old (epoch "
                    + "2024-01-01T12:00Z); passes and positions take elements at most 14 days"), "\(error)")
        #expect(error.reason.contains("noisectl iss elements import FILE") && error.reason.contains("download"))
        let ahead = try #require(refusal(at: Self.iss.epochUnix - 30 * Self.day))
        #expect(ahead.reason.hasPrefix("the elements are 30.0 days newer than the instant asked about"), "\(ahead)")
    }

    @Test func aPerigeeInTheAtmosphereOrADecayIsRefused() throws {
        // Vallado's verification case 28872 (MINOTAUR R/B, perigee −51 km): re-entering at its epoch, decayed
        // within the hour.
        let minotaur = try #require(
            try TwoLineElements.parse(
                """
                1 28872U 05037B   05333.02012661  .25992681  00000-0  24476-3 0  1534
                2 28872  96.4736 157.9986 0303955 244.0492 110.6523 16.46015938 10708
                """
            ).first)
        let low = try #require(refusal(minotaur, at: minotaur.epochUnix))
        #expect(
            low.reason.contains("km up 0.0 days after the epoch")
                && low.reason.contains("under the atmosphere's 120 km"),
            "\(low)")
        let decayed = try #require(refusal(minotaur, at: minotaur.epochUnix + 3600))
        #expect(decayed.reason.hasPrefix("SGP4 finds the orbit decayed 0.0 days after the epoch"), "\(decayed)")
        // The ISS's perigee stays some 400 km up over the fortnight its elements are used.
        let (r, v) = try SGP4(Self.iss).state(minutesSinceEpoch: 14 * 1440)
        #expect((350...450).contains(OrbitalElements.perigeeHeightKm(position: r, velocity: v)))
    }
}
