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
        #expect(
            schedule.due(wanted: [20580, 25544, 33591, 48274], downloaded: downloaded, now: now) == [20580, 33591])
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

    static func omm(
        _ number: Int = 25544, epoch: String = "2024-01-02T12:00:00.000000",
        meanMotion: String = "15.49815325"
    ) -> String {
        "[" + object(number, epoch: epoch, meanMotion: meanMotion) + "]"
    }

    /// One satellite's object in an OMM array.
    static func object(
        _ number: Int = 25544, epoch: String = "2024-01-02T12:00:00.000000",
        meanMotion: String = "15.49815325"
    ) -> String {
        """
        {"OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","EPOCH":"\(epoch)","MEAN_MOTION":\(meanMotion),
          "ECCENTRICITY":0.0006703,"INCLINATION":51.6416,"RA_OF_ASC_NODE":247.4627,"ARG_OF_PERICENTER":130.536,
          "MEAN_ANOMALY":325.0288,"EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":\(number),
          "ELEMENT_SET_NO":999,"REV_AT_EPOCH":43211,"BSTAR":0.00030306,"MEAN_MOTION_DOT":0.00016717,
          "MEAN_MOTION_DDOT":0}
        """
    }

    /// 2024-01-03T00:00:00Z: a little after the sets' epochs.
    static let now = 1_704_240_000.0

    func judge(_ body: String, status: Int = 200, kept: OrbitalElements? = nil) -> ElementAnswer {
        let verdicts = ElementAnswer.judge(
            status: status, body: Array(body.utf8), requested: [25544],
            kept: kept.map { [25544: $0] } ?? [:], now: Self.now)
        switch verdicts {
        case .failure(let refusal): return .refuse(refusal)
        case .success(let answers): return answers[25544] ?? .current
        }
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
        #expect(reason.reason.contains("stale") && reason.reason.contains("2024-01-02T12:00:00"))
    }

    @Test func aSetKeptInTheCacheAndServedAgainIsCurrent() throws {
        let served = Self.omm(epoch: "2024-01-02T12:34:56.789012")
        let kept = try #require(try OrbitMeanElementsMessage.parse(served).first)
        let reread = try #require(
            try OrbitMeanElementsMessage.parse(
                String(decoding: OrbitMeanElementsMessage.json([kept]), as: UTF8.self)
            ).first)
        #expect(judge(served, kept: reread) == .current)
    }

    @Test func anEpochAMicrosecondOffIsTheSameSetNotAStaleOne() throws {
        #expect(judge(Self.omm(), kept: try set(epoch: "2024-01-02T12:00:00.000001")) == .current)
        #expect(
            judge(Self.omm(epoch: "2024-01-02T12:00:00.000001"), kept: try set(epoch: "2024-01-02T12:00:00.000000"))
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
        #expect(reason.description.contains(why), "\(reason)")
    }

    @Test func aSetWithAMeanMotionOfZeroOrAnEpochIn2099IsRefusedAndTheRealOneAfterIsNotStale() throws {
        let kept = try set(epoch: "2024-01-01T12:00:00.000000")
        #expect(
            judge(Self.omm(meanMotion: "0"), kept: kept)
                == .refuse(
                    ElementRefusal(
                        "the set is unusable: the mean motion is 0.0 revolutions a day; accepted: 0.02 to 17 (an orbit of the Earth SGP4 models)"
                    )))
        guard case .refuse(let future) = judge(Self.omm(epoch: "2099-01-01T00:00:00.000000"), kept: kept) else {
            Issue.record("an epoch in 2099 was accepted")
            return
        }
        #expect(future.reason.hasPrefix("the set is unusable: the epoch 2099-01-01T00:00:00+00:00 is"), "\(future)")
        // The 2099 set was never kept, so the real one after it replaces the old set.
        #expect(judge(Self.omm(), kept: kept) == .accept(try set(epoch: "2024-01-02T12:00:00.000000")))
    }

    @Test func aBadSetAlreadyKeptIsReplacedByAGoodOlderOne() throws {
        let future = try set(epoch: "2099-01-01T00:00:00.000000")
        #expect(judge(Self.omm(), kept: future) == .accept(try set(epoch: "2024-01-02T12:00:00.000000")))
    }

    @Test func garbageAnswersShareOneReasonWhateverTheyHold() {
        guard case .refuse(let one) = judge("No GP data found"),
            case .refuse(let two) = judge("<html>portal 8341</html>")
        else {
            Issue.record("garbage accepted")
            return
        }
        #expect(one.reason == two.reason && one.description != two.description)
    }

    @Test func aGroupAnswerJudgesEachSatelliteAndOneOddObjectSpoilsNoOther() throws {
        let odd = #"{"NORAD_CAT_ID":20580,"EPOCH":"yesterday"}"#
        let body = "[" + Self.object(25544) + "," + odd + "," + Self.object(48274, meanMotion: "0") + "]"
        let verdicts = ElementAnswer.judge(
            status: 200, body: Array(body.utf8), requested: [20580, 25544, 48274, 99999],
            kept: [:], now: Self.now)
        guard case .success(let answers) = verdicts else {
            Issue.record("the group was refused whole: \(verdicts)")
            return
        }
        #expect(answers[25544] == .accept(try set(epoch: "2024-01-02T12:00:00.000000")))
        #expect(
            answers[20580]
                == .refuse(
                    ElementRefusal(
                        "its elements are unreadable: element 2, EPOCH: 'yesterday' is not a date and time like 2024-01-01T12:00:00.000000"
                    )))
        guard case .refuse(let zero)? = answers[48274], case .refuse(let missing)? = answers[99999] else {
            Issue.record("\(answers)")
            return
        }
        #expect(
            zero.reason.contains("the mean motion is 0.0") && missing.reason == "the answer holds no elements for 99999"
        )
    }

    @Test func theNewestOfSeveralSetsForTheSatelliteIsTaken() throws {
        let two =
            Self.omm(epoch: "2024-01-01T00:00:00.000000").dropLast() + ","
            + Self.omm(epoch: "2024-01-02T12:00:00.000000").dropFirst()
        #expect(judge(String(two)) == .accept(try set(epoch: "2024-01-02T12:00:00.000000")))
    }

    @Test func theURLAsksForOneSatelliteOrTheActiveGroupAsJSON() {
        let source = "https://celestrak.org/NORAD/elements/gp.php"
        #expect(ElementTransfer.satellite(25544).url(source: source) == source + "?CATNR=25544&FORMAT=json")
        #expect(ElementTransfer.group([1, 2]).url(source: source) == source + "?GROUP=active&FORMAT=json")
    }

    // MARK: Many satellites

    @Test func aHandfulIsAskedOneByOneMoreFromTheGroupOnceADay() {
        let few = Array(1...8), many = Array(1...2000)
        #expect(schedule.transfers(due: few, groupAnswered: nil, now: now) == few.map { .satellite($0) })
        #expect(schedule.transfers(due: many, groupAnswered: nil, now: now) == [.group(many)])
        #expect(schedule.transfers(due: many, groupAnswered: now - day, now: now) == [.group(many)])
    }

    /// Issue 51 (F9): what the group lacked was asked for one by one, each answer rewriting the whole cache (89
    /// requests in 20 s). Once the group has answered, what is due goes in one batch (500 numbers at most a
    /// request); a single satellite (a pass alarm's, added since) alone.
    @Test func whatTheGroupLackedIsAskedForInOneBatch() {
        #expect(schedule.transfers(due: [5, 9], groupAnswered: now - 60, now: now) == [.batch([5, 9])])
        #expect(schedule.transfers(due: Array(1...20), groupAnswered: now - 60, now: now) == [.batch(Array(1...20))])
        #expect(schedule.transfers(due: [5], groupAnswered: now - 60, now: now) == [.satellite(5)])
        #expect(
            schedule.transfers(due: Array(1...1200), groupAnswered: now - 60, now: now)
                == [.batch(Array(1...500)), .batch(Array(501...1000)), .batch(Array(1001...1200))])
        let source = "https://celestrak.org/NORAD/elements/gp.php"
        #expect(ElementTransfer.batch([40101, 40102]).url(source: source) == source + "?CATNR=40101,40102&FORMAT=json")
        #expect(ElementTransfer.batch(Array(40101...40200)).subject == "CATNR=40101,40102,40103,… (100 satellites)")
    }

    @Test func aFailedSatelliteWaitsForItsRetryAndOthersDoNot() {
        let notBefore = [25544: now + 120]
        #expect(schedule.due(wanted: [25544, 20580], downloaded: [:], notBefore: notBefore, now: now) == [20580])
        #expect(schedule.secondsToNextCheck(wanted: [25544], downloaded: [:], notBefore: notBefore, now: now) == 120)
        #expect(schedule.due(wanted: [25544], downloaded: [:], notBefore: notBefore, now: now + 120) == [25544])
    }

    @Test func twoThousandSatellitesDownloadedTogetherSleepAnHour() {
        let wanted = Set(1...2000)
        let downloaded = Dictionary(uniqueKeysWithValues: wanted.map { ($0, now) })
        #expect(schedule.secondsToNextCheck(wanted: wanted, downloaded: downloaded, now: now) == 3600)
        #expect(schedule.due(wanted: wanted, downloaded: downloaded, now: now + 3600).isEmpty)
    }
}
