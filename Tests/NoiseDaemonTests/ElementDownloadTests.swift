import Orbits
import Testing
@testable import NoiseDaemon

/// The element downloader's decisions without a server or a clock: which satellites are due, how long to sleep,
/// the retries' backoff, and which answers may replace the kept elements.
struct ElementDownloadTests {
    let schedule = ElementDownloadSchedule()
    let day = 86_400.0
    let now = 1_800_000_000.0

    @Test func nothingIsDueWhenNoSatelliteIsInUseAndANewPassAlarmsAtOnce() {
        #expect(schedule.due(wanted: [], downloaded: [:], now: now) == [])
        #expect(schedule.secondsToNextCheck(wanted: [], downloaded: [:], now: now) == 3600)
        #expect(schedule.due(wanted: [25544], downloaded: [:], now: now) == [25544])
    }

    @Test func aKeptSatelliteIsDueADayAfterItsLastDownloadAndAnImportedOneAtOnce() {
        let downloaded = [25544: now - day + 60, 20580: now - day, 48274: now - 3600]
        // 33591 was imported by hand: never downloaded.
        #expect(schedule.due(wanted: [20580, 25544, 33591, 48274], downloaded: downloaded, now: now) == [20580, 33591])
    }

    @Test func aDownloadTimeInTheFutureCountsAsUnknownAndIsDue() {
        #expect(schedule.due(wanted: [25544], downloaded: [25544: now + 600], now: now) == [25544])
    }

    @Test func theNextCheckIsWhenTheFirstSatelliteFallsDueAtMostAnHour() {
        #expect(schedule.secondsToNextCheck(wanted: [25544], downloaded: [25544: now - day + 120], now: now) == 120)
        #expect(schedule.secondsToNextCheck(wanted: [25544], downloaded: [25544: now], now: now) == 3600)
        // Something already due (a retry handles it) is not a reason to spin: at least a second.
        #expect(schedule.secondsToNextCheck(wanted: [25544], downloaded: [25544: now - 2 * day], now: now) == 1)
    }

    @Test func retriesBackOffFromAMinuteDoublingToAnHourAndStartOverAfterASuccess() {
        var backoff = DownloadBackoff(first: 60, cap: 3600)
        let delays = (0..<9).map { _ in backoff.failed() }
        #expect(delays == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
        backoff.succeeded()
        #expect(backoff.failed() == 60)
    }

    @Test func backoffNeverOverflowsAfterManyFailures() {
        var backoff = DownloadBackoff(first: 1, cap: 3600)
        for _ in 0..<200 { _ = backoff.failed() }
        #expect(backoff.failed() == 3600)
    }

    // MARK: Answers

    static func omm(_ number: Int = 25544, epoch: String = "2024-01-02T12:00:00.000000") -> String {
        """
        [{"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","EPOCH":"\(epoch)","MEAN_MOTION":15.49815325,
          "ECCENTRICITY":0.0006703,"INCLINATION":51.6416,"RA_OF_ASC_NODE":247.4627,"ARG_OF_PERICENTER":130.536,
          "MEAN_ANOMALY":325.0288,"EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":\(number),
          "ELEMENT_SET_NO":999,"REV_AT_EPOCH":43211,"BSTAR":0.00030306,"MEAN_MOTION_DOT":0.00016717,
          "MEAN_MOTION_DDOT":0}]
        """
    }

    func judge(_ body: String, status: Int = 200, kept: OrbitalElements? = nil) -> ElementAnswer {
        ElementAnswer.judge(status: status, body: Array(body.utf8), requested: 25544, kept: kept)
    }

    func set(epoch: String) throws -> OrbitalElements {
        try #require(try OrbitMeanElementsMessage.parse(Self.omm(epoch: epoch)).first)
    }

    @Test func aGoodAnswerIsAcceptedWhenNothingOrAnOlderSetIsKept() throws {
        let newer = try set(epoch: "2024-01-02T12:00:00.000000")
        #expect(judge(Self.omm()) == .accept(newer))
        #expect(judge(Self.omm(), kept: try set(epoch: "2024-01-01T12:00:00.000000")) == .accept(newer))
    }

    @Test func theSameEpochIsCurrentAndAnOlderOneIsRefusedAsStale() throws {
        #expect(judge(Self.omm(), kept: try set(epoch: "2024-01-02T12:00:00.000000")) == .current)
        guard case .refuse(let reason) = judge(Self.omm(), kept: try set(epoch: "2024-01-03T00:00:00.000000")) else {
            Issue.record("a stale set was not refused")
            return
        }
        #expect(reason.contains("stale") && reason.contains("2024-01-02T12:00:00"))
    }

    @Test func aSetKeptInTheCacheAndServedAgainIsCurrent() throws {
        let served = Self.omm(epoch: "2024-01-02T12:34:56.789012")
        let kept = try #require(try OrbitMeanElementsMessage.parse(served).first)
        let reread = try #require(try OrbitMeanElementsMessage.parse(
            String(decoding: OrbitMeanElementsMessage.json([kept]), as: UTF8.self)).first)
        #expect(judge(served, kept: reread) == .current)
    }

    @Test func anEpochAMicrosecondOffIsTheSameSetNotAStaleOne() throws {
        #expect(judge(Self.omm(), kept: try set(epoch: "2024-01-02T12:00:00.000001")) == .current)
        #expect(judge(Self.omm(epoch: "2024-01-02T12:00:00.000001"), kept: try set(epoch: "2024-01-02T12:00:00.000000"))
                == .current)
    }

    @Test(arguments: [
        (404, ElementDownloadTests.omm(), "HTTP 404"),
        (200, "No GP data found", "not OMM JSON"),
        (200, "[]", "an empty list"),
        (200, String(ElementDownloadTests.omm().prefix(120)), "not OMM JSON"),
        (200, "<html><body>Sign in to the Wi-Fi</body></html>", "not OMM JSON"),
        (200, ElementDownloadTests.omm(20580), "no elements for 25544"),
        (200, #"[{"NORAD_CAT_ID":25544}]"#, "EPOCH"),
    ])
    func badAnswersAreRefusedWithAReason(status: Int, body: String, why: String) {
        guard case .refuse(let reason) = judge(body, status: status) else {
            Issue.record("accepted: \(body.prefix(40))")
            return
        }
        #expect(reason.contains(why), "\(reason)")
    }

    @Test func theNewestOfSeveralSetsForTheSatelliteIsTaken() throws {
        let two = Self.omm(epoch: "2024-01-01T00:00:00.000000").dropLast() + ","
            + Self.omm(epoch: "2024-01-02T12:00:00.000000").dropFirst()
        #expect(judge(String(two)) == .accept(try set(epoch: "2024-01-02T12:00:00.000000")))
    }

    @Test func theURLAsksForOneSatelliteAsJSON() {
        #expect(ElementFetcher.url(source: "https://celestrak.org/NORAD/elements/gp.php", catalogNumber: 25544)
                == "https://celestrak.org/NORAD/elements/gp.php?CATNR=25544&FORMAT=json")
    }
}
