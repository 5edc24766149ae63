import Foundation
import Testing

@testable import NoiseClient
@testable import NoiseSystem
@testable import NoiseWebCore

/// `/api/night` and `/css/night.css` read config.toml and the zone each time: a night saved anywhere shows at the
/// next request, in the sheet a page's first paint waits for.
@Suite("The night screen's API")
struct NightAPITests {
    func api(config: String, zone: String) throws -> NightAPI {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("night-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("noised"), withIntermediateDirectories: true)
        try config.write(to: folder.appendingPathComponent("noised/config.toml"), atomically: true, encoding: .utf8)
        return NightAPI(
            store: ConfigStore(environment: ["XDG_CONFIG_HOME": folder.path]),
            zones: SystemTimeZoneSource(environment: ["TZ": zone]))
    }

    @Test func theWindowAndTheSheetFollowTheSavedSchedule() throws {
        // 23:00 on 1 June 2026 in Berlin (CEST): inside 22:30-06:30.
        let now: Int64 = 1_780_347_600
        let night = try api(config: "[clock]\nnight = \"22:30-06:30\"\nnight_brightness = 50\n", zone: "Europe/Berlin")
        let (answer, _, warning) = night.answer(now: now)
        #expect(warning == nil)
        #expect(answer.night && answer.start == now - 1800 && answer.end == now + 7 * 3600 + 1800)
        #expect(answer.nextChange == answer.end && answer.cap == "rgb(128 0 0)" && answer.schedule == "22:30-06:30")
        #expect(night.styleSheet(now: now).contains("html:not(.day)::after { opacity: 1; }"))
        #expect(night.styleSheet(now: now + 9 * 3600).contains("html.night::after { opacity: 1; }"))
    }

    @Test func offByDefaultAndSunWithoutAPlaceSaysSo() throws {
        let off = try api(config: "", zone: "UTC")
        #expect(!off.answer(now: 0).0.night && off.answer(now: 0).0.schedule == "off")
        let sun = try api(config: "[clock]\nnight = \"sun\"\n", zone: "UTC")
        let (answer, _, _) = sun.answer(now: 0)
        #expect(!answer.night && answer.note?.contains("no location is set") == true)
    }
}
