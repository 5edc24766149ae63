import MarsTime
import NoiseCore
import Testing
import TimeScales

@testable import NoiseWebCore

@Suite struct MarsAPITests {
    /// Mars24's worked example A's instant (2000-01-06 00:00 UTC).
    let exampleA = 947_116_800.0

    @Test func eachPlaceGetsTheReadingMarsTimeGivesForIt() throws {
        let answer = try MarsAPI.answer(["jezero", "137.44E"], unix: exampleA, leapSeconds: .builtIn, problem: nil)
            .get()
        #expect(answer.utc == "2000-01-06T00:00:00+00:00")
        #expect(answer.places.map(\.text) == ["jezero", "137.44E"])
        let clock = MarsClock(unix: exampleA, leapSeconds: .builtIn)
        let jezero = try MarsLocation.named("jezero").get()
        #expect(answer.places[0].site == "perseverance" && answer.places[0].name == jezero.name)
        #expect(answer.places[0].reading == jezero.reading(at: clock, leapSeconds: .builtIn))
        #expect(answer.places[0].reading.missionSol != nil)
        #expect(answer.places[1].site == nil && answer.places[1].reading.eastLongitude == 137.44)
        #expect(answer.places[1].reading.missionSol == nil)
    }

    @Test func anUnknownPlaceIsRefusedWithTheClosestNamesAndWhatIsAccepted() {
        guard
            case .failure(let refusal) = MarsAPI.answer(["jezro"], unix: exampleA, leapSeconds: .builtIn, problem: nil)
        else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.status == 400 && refusal.code == "invalid_argument")
        #expect(refusal.message.contains("jezero") && refusal.message.contains("77.45E"))
    }

    @Test func moreThanFivePlacesAreRefused() {
        let six = Array(repeating: "gale", count: MarsAPI.maxPlaces + 1)
        guard case .failure(let refusal) = MarsAPI.answer(six, unix: exampleA, leapSeconds: .builtIn, problem: nil)
        else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.message.contains("At most 5"))
    }

    @Test func theSitesAreTheLibraryInItsOrder() throws {
        let reply = MarsAPI.sites()
        #expect(reply.status == 200)
        guard case .object(let object) = try JSONCoding.decode(JSONValue.self, from: reply.json),
            case .array(let sites)? = object["data"]
        else {
            Issue.record("not a list of sites")
            return
        }
        #expect(sites.count == MarsSite.all.count)
        guard case .object(let first) = sites[0] else { return }
        #expect(
            first["id"] == .string(MarsSite.all[0].id)
                && first["lon_east_deg"] == .number(MarsSite.all[0].longitude.east))
    }
}
