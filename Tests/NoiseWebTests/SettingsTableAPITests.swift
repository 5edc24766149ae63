import NoiseClient
import NoiseConfig
import NoiseCore
import Testing

@testable import NoiseWebCore

@Suite struct SettingsTableAPITests {
    func changes(_ json: String) -> Result<[ConfigEditor.Change], WebRefusal> {
        SettingsTableAPI.clock(store: ConfigStore(environment: [:])).changes(in: Array(json.utf8))
    }

    @Test func knownKeysBecomeClockChangesOfTheirTOMLType() throws {
        let read = try changes(##"{"glow": 40, "color": "#ff8800", "seconds": true, "size": 55.5}"##).get()
        #expect(read.map(\.key) == ["clock.color", "clock.glow", "clock.seconds", "clock.size"])
        #expect(read.map(\.value) == [.string("#ff8800"), .integer(40), .boolean(true), .float(55.5)])
    }

    @Test func anUnknownKeyIsNamedWithTheKeysThereAre() {
        guard case .failure(let refusal) = changes(#"{"zones": ["Europe/Berlin"]}"#) else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.status == 400 && refusal.code == "invalid_setting")
        #expect(refusal.message.contains("'zones'") && refusal.message.contains("now_playing"))
    }

    @Test func aBodyThatIsNotAnObjectOfPlainValuesIsRefused() {
        for body in ["[]", "{}", "nonsense", #"{"glow": null}"#, #"{"glow": [1]}"#] {
            guard case .failure(let refusal) = changes(body) else {
                Issue.record("accepted \(body)")
                continue
            }
            #expect(refusal.status == 400, "\(body)")
        }
    }

    @Test func aValueTheConfigRefusesIsSaidInItsWords() throws {
        let read = try changes(#"{"glow": 140}"#).get()
        do {
            _ = try ConfigEditor.applying(read, to: [], home: "/")
            Issue.record("glow 140 accepted")
        } catch {
            #expect(SettingsTableAPI.problemText(error) == "clock.glow: must be an integer 0 to 100 (percent); got 140")
        }
    }

    @Test func theTableHasEveryClockKeyAndOnlyThose() {
        let clockKeys = ConfigKey.all.map(\.name).filter { $0.hasPrefix("clock.") }.map { String($0.dropFirst(6)) }
        #expect(ClockSettings.clockKeys == clockKeys)
        guard case .object(let json) = SettingsTableAPI.json(ClockSettings().clockTable) else {
            Issue.record("not an object")
            return
        }
        #expect(json["weight"] == .number(300) && json["font"] == .string("") && json["color"] == .string("default"))
    }

    @Test func theLocationTableTakesItsOwnKeysOnly() throws {
        let location = SettingsTableAPI.location(store: ConfigStore(environment: [:]))
        let read = try location.changes(in: Array(#"{"latitude": 51.5, "longitude": -0.12, "name": "Home"}"#.utf8))
            .get()
        #expect(read.map(\.key) == ["location.latitude", "location.longitude", "location.name"])
        guard case .failure(let refusal) = location.changes(in: Array(#"{"glow": 40}"#.utf8)) else {
            Issue.record("accepted a [clock] key in [location]")
            return
        }
        #expect(refusal.message.contains("[location] has no setting 'glow'") && refusal.message.contains("latitude"))
        var settings = ClockSettings()
        settings.location.latitude = 51.5
        guard case .object(let json) = SettingsTableAPI.json(settings.locationTable) else { return }
        #expect(json["latitude"] == .number(51.5) && json["longitude"] == nil && json["elevation"] == .number(0))
    }
}
