import Testing

@testable import Orbits

/// `OrbitalElements.checkUsable`: the one check a set passes before it replaces a kept one, downloaded by the
/// daemon or imported by `noisectl iss elements import` (docs/satellites.md, "What is refused").
@Suite("Orbits: which element sets are usable")
struct UsableElementsTests {
    /// 2024-01-02T12:00:00Z, the ISS set's epoch.
    static let epoch = 1_704_196_800.0

    /// The ISS as CelesTrak's GP data gives it (the integration tests' set).
    static func iss(
        epoch: String = "2024-01-02T12:00:00.000000", meanMotion: String = "15.49815325"
    ) throws -> OrbitalElements {
        let text = """
            [{"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","EPOCH":"\(epoch)","MEAN_MOTION":\(meanMotion),
              "ECCENTRICITY":0.0006703,"INCLINATION":51.6416,"RA_OF_ASC_NODE":247.4627,"ARG_OF_PERICENTER":130.536,
              "MEAN_ANOMALY":325.0288,"EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":25544,
              "ELEMENT_SET_NO":999,"REV_AT_EPOCH":43211,"BSTAR":0.00030306,"MEAN_MOTION_DOT":0.00016717,
              "MEAN_MOTION_DDOT":0}]
            """
        return try #require(try OrbitMeanElementsMessage.parse(text).first)
    }

    func refusal(_ set: OrbitalElements, now: Double = epoch + 3600) -> UnusableElements? {
        do {
            try set.checkUsable(atUnix: now)
            return nil
        } catch {
            return error
        }
    }

    @Test func aGoodISSSetIsAcceptedFromItsEpochOnAndUpToADayBeforeIt() throws {
        let iss = try Self.iss()
        #expect(refusal(iss) == nil)
        #expect(refusal(iss, now: Self.epoch - 86_000) == nil)
        #expect(refusal(iss, now: Self.epoch + 30 * 86_400) == nil)
    }

    @Test func aMeanMotionOfZeroIsRefusedNamingTheSatelliteAndWhatIsAccepted() throws {
        // The parser reads 0 (it is a number in range for the format); the check refuses it.
        let error = try #require(refusal(try Self.iss(meanMotion: "0")))
        #expect(error.catalogNumber == 25544)
        #expect(
            error.description == "ISS (ZARYA) (25544): the mean motion is 0.0 revolutions a day; accepted: 0.02 "
                + "to 17 (an orbit of the Earth SGP4 models)")
        #expect(refusal(try Self.iss(meanMotion: "19.5"))?.reason.contains("19.5 revolutions a day") == true)
    }

    @Test func anEccentricityOfOneOrMoreIsRefused() throws {
        var set = try Self.iss()
        set.eccentricity = 1
        #expect(refusal(set)?.reason == "the eccentricity is 1.0; accepted: 0 or more and below 1 (a closed orbit)")
        set.eccentricity = 1.3
        #expect(refusal(set)?.reason.hasPrefix("the eccentricity is 1.3") == true)
    }

    @Test func anEpochIn2099IsRefusedAndOneADayAheadIsNot() throws {
        let error = try #require(refusal(try Self.iss(epoch: "2099-01-01T00:00:00.000000")))
        #expect(
            error.reason.hasPrefix(
                "the epoch 2099-01-01T00:00:00+00:00 is 27392.5 days ahead of now; accepted: an epoch at most a day ahead"
            ),
            "\(error)")
        #expect(refusal(try Self.iss(), now: Self.epoch - 86_400) == nil)
        #expect(refusal(try Self.iss(), now: Self.epoch - 86_401) != nil)
    }

    @Test func aDecayingOrbitSGP4RefusesWithinADayIsRefused() throws {
        // Vallado's verification case 28872 (MINOTAUR R/B, perigee −51 km): lost within the hour.
        let minotaur = """
            1 28872U 05037B   05333.02012661  .25992681  00000-0  24476-3 0  1534
            2 28872  96.4736 157.9986 0303955 244.0492 110.6523 16.46015938 10708
            """
        let set = try #require(try TwoLineElements.parse(minotaur).first)
        let error = try #require(refusal(set, now: set.epochUnix))
        #expect(
            error.reason.hasPrefix("SGP4 refuses it 60 minutes after its epoch: the satellite has decayed"), "\(error)")
        #expect(error.reason.hasSuffix("accepted: sets SGP4 carries a day past their epoch"))
    }
}
