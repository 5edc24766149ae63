import Testing

@testable import NoiseCore

@Suite("Duration parsing")
struct DurationParserTests {
    @Test(arguments: [
        ("45m", 2700.0), ("1h30m", 5400), ("5s", 5), ("0.5s", 0.5), ("500ms", 0.5), ("0", 0), ("0.0", 0),
        ("2h", 7200), ("1m30s", 90), ("10 s", 10), ("1H", 3600), ("1.5h", 5400), ("3min", 180),
    ])
    func parses(_ text: String, _ seconds: Double) throws {
        #expect(try DurationParser.seconds(text) == seconds)
    }

    @Test(arguments: ["", "abc", "5x", "-5s", "30m1h", "1h1h", "s", "1..5s", "5s5", "inf", "nan", "1e3s"])
    func refuses(_ text: String) {
        #expect(throws: DurationParser.Failure.self) { try DurationParser.seconds(text) }
    }

    /// Issue 39: `timer 90` said "no unit" where `--ramp 90` took seconds.
    @Test(arguments: ["90", "1.5", "600"])
    func aBareNumberIsRefusedWithTheUnitsToWrite(_ text: String) {
        #expect(throws: DurationParser.Failure(input: text, bareNumber: true)) { try DurationParser.seconds(text) }
        #expect(
            DurationParser.Failure(input: text, bareNumber: true).description
                .hasPrefix("\(text) has no unit: write \(text)s for seconds or \(text)m for minutes"))
    }

    @Test func theErrorSaysWhatIsAccepted() {
        #expect(DurationParser.Failure(input: "5x").description.contains("500ms, 5s, 0.5s, 45m, 1h30m"))
    }

    @Test(arguments: [
        (0.5, "0.5 s"), (12, "12 s"), (2700, "45 min"), (5400, "1 h 30 min"), (3600, "1 h"), (0, "0 s"),
        (61, "1 min 1 s"),
    ])
    func describes(_ seconds: Double, _ text: String) {
        #expect(DurationParser.describe(seconds) == text)
    }
}

@Suite("Time-of-day parsing")
struct TimeOfDayTests {
    @Test(arguments: [
        ("07:00", 7, 0, 0), ("7:00", 7, 0, 0), ("7am", 7, 0, 0), ("7:30pm", 19, 30, 0), ("19:30", 19, 30, 0),
        ("07:00:30", 7, 0, 30), ("12am", 0, 0, 0), ("12pm", 12, 0, 0), ("12:15AM", 0, 15, 0), ("0:00", 0, 0, 0),
        ("23:59:59", 23, 59, 59), ("11 PM", 23, 0, 0), ("7p", 19, 0, 0),
    ])
    func parses(_ text: String, _ hour: Int, _ minute: Int, _ second: Int) throws {
        #expect(try TimeOfDay.parse(text) == TimeOfDay(hour: hour, minute: minute, second: second))
    }

    @Test(arguments: [
        ("25:00", "hours are 0 to 23"), ("7:60", "minutes are 0 to 59"), ("7:00:60", "seconds are 0 to 59"),
        ("13pm", "1 to 12"), ("0am", "1 to 12"), ("7", "needs am or pm"), ("7:5", "two digits"), ("", "expected"),
        ("seven", "expected"), ("7:00:00:00", "expected"), ("-1:00", "expected"), ("７:00", "expected"),
    ])
    func refusesWithAReason(_ text: String, _ reason: String) {
        do {
            _ = try TimeOfDay.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
            #expect(error.description.contains("use 07:00, 7:00, 7am"))
        }
    }

    @Test func describesWithSecondsOnlyWhenNeeded() {
        #expect(TimeOfDay(hour: 7, minute: 5).description == "07:05")
        #expect(TimeOfDay(hour: 19, minute: 30, second: 9).description == "19:30:09")
    }
}

@Suite("Volume law and paths")
struct VolumeAndPathsTests {
    @Test func volumeIsCubicWithUnityAtTheTop() {
        #expect(VolumeLaw.gain(forVolume: 100) == 1)
        #expect(VolumeLaw.gain(forVolume: 50) == 0.125)
        #expect(VolumeLaw.gain(forVolume: 0) == 0)
        #expect(VolumeLaw.gain(forVolume: 150) == 1)
    }

    @Test func socketPathPrecedence() {
        let paths = XDGPaths(environment: ["HOME": "/home/u", "XDG_RUNTIME_DIR": "/run/user/1000"])
        #expect(paths.socketLocation(option: nil, uid: 1000).path == "/run/user/1000/noised/socket")
        #expect(paths.socketLocation(option: "/tmp/s", uid: 1000).path == "/tmp/s")
        let withEnv = XDGPaths(environment: ["NOISED_SOCKET": "/x/y", "XDG_RUNTIME_DIR": "/run/user/1000"])
        #expect(withEnv.socketLocation(option: nil, uid: 1000).path == "/x/y")
        #expect(XDGPaths(environment: [:]).socketLocation(option: nil, uid: 7).path == "/tmp/noised-7/noised/socket")
    }

    @Test func dataHomeFollowsXDG() {
        #expect(XDGPaths(environment: ["HOME": "/home/u"]).userDataDirectory == "/home/u/.local/share/noised")
        #expect(XDGPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/d"]).userDataDirectory == "/d/noised")
        // A relative value is invalid per the XDG spec and ignored.
        #expect(
            XDGPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "rel"]).userDataDirectory
                == "/home/u/.local/share/noised")
    }
}
