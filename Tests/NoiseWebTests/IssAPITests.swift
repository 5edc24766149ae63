import NoiseWebCore
import Testing

@Suite struct IssAPITests {
    @Test func theQueryTakesAnInstantAndACatalogNumber() throws {
        let query = try IssAPI.Query.read(at: "1704127163.5", satellite: "25544", now: 1).get()
        #expect(query.unix == 1_704_127_163.5 && query.satellite == 25544)
        let plain = try IssAPI.Query.read(at: nil, satellite: nil, now: 42).get()
        #expect(plain.unix == 42 && plain.satellite == nil)
    }

    @Test func aBadInstantOrNumberIsRefusedSayingWhatIsAccepted() {
        for (at, satellite, word) in [
            ("soon", nil, "Unix seconds"), ("inf", nil, "Unix seconds"), (nil, "ISS", "catalog number"),
            (nil, "0", "catalog number"),
        ] as [(String?, String?, String)] {
            guard case .failure(let refusal) = IssAPI.Query.read(at: at, satellite: satellite, now: 0) else {
                Issue.record("accepted \(String(describing: at)) \(String(describing: satellite))")
                continue
            }
            #expect(refusal.status == 400 && refusal.message.contains(word))
        }
    }
}
