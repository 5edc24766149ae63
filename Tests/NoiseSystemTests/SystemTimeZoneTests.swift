import Foundation
import NoiseCore
import Testing

@testable import NoiseSystem
@testable import NoiseTime

private let systemZoneinfo = "/usr/share/zoneinfo"

/// A scratch folder holding a small zoneinfo tree and a place for a localtime link, removed afterwards.
private final class Scratch {
    let root: String
    var zoneinfo: String { root + "/zoneinfo" }
    var localtime: String { root + "/localtime" }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(UUID().uuidString)").path
        for zone in ["Europe/Berlin", "Asia/Kathmandu", "America/Argentina/Buenos_Aires"] {
            try copy(systemZoneinfo + "/" + zone, to: zoneinfo + "/" + zone)
        }
        try copy(systemZoneinfo + "/Pacific/Apia", to: root + "/secret")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func copy(_ source: String, to destination: String) throws {
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    func source(tz: String? = nil) -> SystemTimeZoneSource {
        SystemTimeZoneSource(zoneinfo: zoneinfo, localtime: localtime, environment: tz.map { ["TZ": $0] } ?? [:])
    }
}

private let july2024: Int64 = 1_719_792_000
private let january2024: Int64 = 1_704_067_200

@Suite("System time zones: lookups")
struct SystemZoneLookupTests {
    @Test func readsARealZone() throws {
        let berlin = try SystemTimeZoneSource(environment: [:]).zone(named: "Europe/Berlin")
        #expect(berlin.identifier == "Europe/Berlin")
        #expect(berlin.offset(at: july2024) == 7200 && berlin.offset(at: january2024) == 3600)
    }

    @Test func anUnknownZoneSaysSoAndNothingElse() {
        let source = SystemTimeZoneSource(environment: [:])
        #expect(throws: ZoneRules.Failure(description: "unknown time zone 'Mars/Olympus_Mons'")) {
            try source.zone(named: "Mars/Olympus_Mons")
        }
    }

    @Test(arguments: [
        "../secret", "/etc/localtime", "Europe/../../secret", "Europe/./Berlin", "./Europe/Berlin", "Europe//Berlin",
        "", "Europe", "Europe/Berlin/", "Europe/Berlin\0", "Europe/Berlín", "zoneinfo/../secret",
    ])
    func refusesNamesThatLeaveTheFolderOrNameNoFile(_ name: String) throws {
        let scratch = try Scratch()
        let source = scratch.source()
        #expect(try source.zone(named: "Europe/Berlin").offset(at: july2024) == 7200)
        #expect(throws: ZoneRules.Failure.unknownZone(name)) { try source.zone(named: name) }
    }

    /// The file is there and valid; only the way the name reaches it is refused.
    @Test func refusesDotDotEvenWhenItWouldFindAZone() throws {
        let scratch = try Scratch()
        let escaped = scratch.zoneinfo + "/../secret"
        let bytes = try #require(SystemTimeZoneSource.contents(ofFile: escaped))
        #expect(try ZoneRules(tzif: bytes, identifier: "Pacific/Apia").offset(at: july2024) == 46_800)
        #expect(throws: ZoneRules.Failure.unknownZone("../secret")) { try scratch.source().zone(named: "../secret") }
        #expect(throws: ZoneRules.Failure.self) { try scratch.source().zone(named: escaped) }
    }

    @Test func aBrokenFileIsAnUnknownZoneAndItsPathStaysHidden() throws {
        let scratch = try Scratch()
        try scratch.write("TZif2 but not really", to: scratch.zoneinfo + "/Broken/Zone")
        let error = #expect(throws: ZoneRules.Failure.self) { try scratch.source().zone(named: "Broken/Zone") }
        #expect(error?.description == "unknown time zone 'Broken/Zone'")
    }

    @Test func aFIFOInTheFolderDoesNotHang() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.zoneinfo + "/Europe/Pipe", 0o600) == 0)
        #expect(throws: ZoneRules.Failure.self) { try scratch.source().zone(named: "Europe/Pipe") }
        #expect(!scratch.source().identifiers().contains("Europe/Pipe"))
    }
}

@Suite("System time zones: the system zone")
struct SystemZoneTests {
    @Test(
        arguments: [
            (":Europe/Berlin", "Europe/Berlin", 7200, 3600),
            ("Europe/Berlin", "Europe/Berlin", 7200, 3600),
            ("EST5EDT,M3.2.0,M11.1.0", "EST5EDT,M3.2.0,M11.1.0", -14_400, -18_000),
            ("<+0545>-5:45", "<+0545>-5:45", 20_700, 20_700),
            (":<+0545>-5:45", "<+0545>-5:45", 20_700, 20_700),
            ("EST5EDT", "EST5EDT", -14_400, -18_000),
            (":/usr/share/zoneinfo/Asia/Kathmandu", "Asia/Kathmandu", 20_700, 20_700),
            ("", "UTC", 0, 0),
            ("Not/A_Zone", "UTC", 0, 0),
            ("../../../etc/passwd", "UTC", 0, 0),
        ] as [(String, String, Int, Int)])
    func followsTZ(_ tz: String, _ identifier: String, _ july: Int, _ january: Int) {
        let zone = SystemTimeZoneSource(localtime: "/nonexistent", environment: ["TZ": tz]).systemZone()
        #expect(zone.identifier == identifier)
        #expect(zone.offset(at: july2024) == july && zone.offset(at: january2024) == january)
    }

    /// A `$TZ` that names nothing usable still means UTC, as in glibc, but the daemon is told why (it was silent).
    @Test(arguments: ["garbage", "Not/A_Zone", "../../../etc/passwd"])
    func aTZThatNamesNothingIsUTCAndSaysWhy(_ tz: String) {
        let (zone, problem) = SystemTimeZoneSource(localtime: "/nonexistent", environment: ["TZ": tz])
            .systemZoneReading()
        #expect(zone.identifier == "UTC")
        #expect(
            problem?.hasPrefix("TZ=\"\(tz)\" is neither a zone in /usr/share/zoneinfo nor a POSIX TZ string; using UTC")
                == true)
    }

    @Test func aVanishedLocaltimeIsUTCAndSaysWhy() {
        let (zone, problem) = SystemTimeZoneSource(localtime: "/nonexistent", environment: [:]).systemZoneReading()
        #expect(zone.identifier == "UTC")
        #expect(problem?.hasPrefix("/nonexistent cannot be read as a zone file; using UTC") == true)
        #expect(SystemTimeZoneSource(environment: ["TZ": "Europe/Berlin"]).systemZoneReading().problem == nil)
        #expect(
            SystemTimeZoneSource(environment: ["TZ": ""]).systemZoneReading().problem == nil,
            "empty TZ is UTC on purpose")
    }

    @Test func withoutTZTheLocaltimeLinkNamesTheZone() throws {
        let scratch = try Scratch()
        try scratch.link(scratch.localtime, to: scratch.zoneinfo + "/Asia/Kathmandu")
        let zone = scratch.source().systemZone()
        #expect(zone.identifier == "Asia/Kathmandu" && zone.offset(at: july2024) == 20_700)
        // A bare ':' also means the site default, as in glibc.
        #expect(scratch.source(tz: ":").systemZone().identifier == "Asia/Kathmandu")
    }

    @Test func aLinkIntoAnotherZoneinfoFolderIsNamedToo() throws {
        let scratch = try Scratch()
        try scratch.link(scratch.localtime, to: systemZoneinfo + "/posix/Asia/Tokyo")
        let zone = scratch.source().systemZone()
        #expect(zone.identifier == "Asia/Tokyo" && zone.offset(at: july2024) == 32_400)
    }

    @Test func aCopiedLocaltimeIsCalledLocaltime() throws {
        let scratch = try Scratch()
        try scratch.copy(systemZoneinfo + "/Asia/Kathmandu", to: scratch.localtime)
        let zone = scratch.source().systemZone()
        #expect(zone.identifier == "localtime" && zone.offset(at: july2024) == 20_700)
    }

    @Test func noLocaltimeMeansUTC() throws {
        let scratch = try Scratch()
        #expect(scratch.source().systemZone() == .utc)
        try scratch.write("not a zone", to: scratch.localtime)
        #expect(scratch.source().systemZone() == .utc)
    }
}

@Suite("System time zones: identifiers")
struct SystemZoneIdentifierTests {
    @Test func listsTheSystemDatabase() {
        let identifiers = SystemTimeZoneSource(environment: [:]).identifiers()
        for expected in ["Europe/Berlin", "America/New_York", "US/Eastern", "Etc/UTC", "America/Argentina/Salta"] {
            #expect(identifiers.contains(expected), "\(expected)")
        }
        for unexpected in [
            "posix/Europe/Berlin", "right/Europe/Berlin", "zone.tab", "tzdata.zi", "localtime",
            "posixrules", "leap-seconds.list", "iso3166.tab",
        ] {
            #expect(!identifiers.contains(unexpected), "\(unexpected)")
        }
        #expect(!identifiers.contains { $0.hasPrefix("posix/") || $0.hasPrefix("right/") })
        #expect(identifiers == identifiers.sorted() && identifiers.count > 300)
    }

    @Test func skipsFilesThatAreNotTZif() throws {
        let scratch = try Scratch()
        try scratch.write("# not a zone\n", to: scratch.zoneinfo + "/zone.tab")
        try scratch.copy(systemZoneinfo + "/Etc/UTC", to: scratch.zoneinfo + "/posix/Etc/UTC")
        try scratch.link(scratch.zoneinfo + "/Europe/Busingen", to: "Berlin")
        #expect(
            scratch.source().identifiers() == [
                "America/Argentina/Buenos_Aires", "Asia/Kathmandu", "Europe/Berlin", "Europe/Busingen",
            ])
    }

    /// Every zone the database lists parses and answers, so a user's choice never fails at alarm time.
    @Test func everyListedZoneLoads() throws {
        let source = SystemTimeZoneSource(environment: [:])
        var failures: [String] = []
        for identifier in source.identifiers() {
            do {
                let zone = try source.zone(named: identifier)
                if !(-12 * 3600...14 * 3600).contains(zone.offset(at: july2024)) { failures.append(identifier) }
            } catch {
                failures.append("\(identifier): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
