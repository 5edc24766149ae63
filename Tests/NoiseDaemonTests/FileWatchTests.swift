import Foundation
import Testing

@testable import NoiseDaemon

/// The watch that wakes the alarm timer when the system zone's files (or pass alarms' elements and config) change, on a real inotify and a scratch
/// folder laid out as Debian's: a `localtime` link into a zoneinfo tree. inotify queues an event during the
/// rename itself, so each check reads right after the change, without waiting.
@Suite("File watch (zone, elements, config)")
struct FileWatchTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("zw-\(UUID().uuidString)").path
    var localtime: String { root + "/etc/localtime" }

    init() throws {
        for zone in ["Europe/Berlin", "Asia/Tokyo"] {
            try FileManager.default.createDirectory(
                atPath: root + "/zoneinfo/" + zone.split(separator: "/")[0],
                withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/" + zone, toPath: root + "/zoneinfo/" + zone)
        }
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: localtime, withDestinationPath: root + "/zoneinfo/Europe/Berlin")
    }

    /// Files as the daemon passes them: the link and what it resolves to.
    func files() -> @Sendable () -> [String] {
        let localtime = localtime
        return { [localtime, (try? FileManager.default.destinationOfSymbolicLink(atPath: localtime)) ?? localtime] }
    }

    /// As `timedatectl set-timezone` does it: a new link renamed over the old one.
    func pointLocaltime(to zone: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: localtime + ".new", withDestinationPath: root + "/zoneinfo/" + zone)
        #expect(rename(localtime + ".new", localtime) == 0)
    }

    @Test func aReplacedLinkIsAChangeAnOtherFileInItsFolderIsNot() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = try #require(FileWatch(files: files()))
        #expect(!watch.changed(), "nothing happened yet")
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/etc/hostname"))
        #expect(!watch.changed(), "another file in /etc")
        try pointLocaltime(to: "Asia/Tokyo")
        #expect(watch.changed())
        #expect(!watch.changed(), "each change is reported once")
    }

    @Test func theWatchFollowsTheLinkToItsNewZoneFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = try #require(FileWatch(files: files()))
        try pointLocaltime(to: "Asia/Tokyo")
        #expect(watch.changed())
        // A tzdata upgrade replaces the zone file the link now points to (dpkg renames the new file into place).
        let tokyo = root + "/zoneinfo/Asia/Tokyo"
        try FileManager.default.copyItem(atPath: tokyo, toPath: tokyo + ".dpkg-new")
        #expect(!watch.changed(), "a new file beside it is not the zone file")
        #expect(rename(tokyo + ".dpkg-new", tokyo) == 0)
        #expect(watch.changed())
        // Berlin is no longer the zone: its updates do not matter.
        let berlin = root + "/zoneinfo/Europe/Berlin"
        try FileManager.default.copyItem(atPath: berlin, toPath: berlin + ".dpkg-new")
        #expect(rename(berlin + ".dpkg-new", berlin) == 0)
        #expect(!watch.changed())
    }

    /// The elements' cache folder is made by the first import, after the daemon started: it is watched for.
    @Test func aFileInFoldersNotYetMadeIsWatchedForFromTheNearestOne() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let elements = root + "/cache/noised/elements/elements.json"
        let files: @Sendable () -> [String] = { [elements] }
        let watch = try #require(FileWatch(files: files))
        try FileManager.default.createDirectory(atPath: root + "/unrelated", withIntermediateDirectories: false)
        #expect(!watch.changed(), "another folder")
        try FileManager.default.createDirectory(
            atPath: root + "/cache/noised/elements", withIntermediateDirectories: true)
        #expect(watch.changed(), "the way to the file was made")
        try Data("[]".utf8).write(to: URL(fileURLWithPath: elements + ".tmp"))
        #expect(!watch.changed(), "a file beside it")
        #expect(rename(elements + ".tmp", elements) == 0)
        #expect(watch.changed(), "the file itself, renamed into place")
    }

    @Test func theAlarmTimerWakesForAZoneChange() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let clock = try TimerFDWallClock(watching: files())
        try pointLocaltime(to: "Asia/Tokyo")
        #expect(await clock.wait(until: clock.now() + 3600) == .filesChanged)
        clock.interrupt()
        #expect(await clock.wait(until: clock.now() + 3600) == .interrupted, "the change was reported once")
    }
}
