import Testing

@testable import NoiseCatalog
@testable import NoiseCore

@Suite("A loop's events in the catalog")
struct SoundEventsCatalogTests {
    func parse(_ events: String, kind: String = "loop") -> CatalogParser.Result {
        let entry =
            #"{"id":"storm","name":"Storm","category":"nature","file":"storm.mp3","kind":"\#(kind)","events":\#(events)}"#
        return CatalogParser.parse(Array(#"{"version":1,"sounds":[\#(entry)]}"#.utf8), source: "cat.json")
    }

    @Test func aLoopCarriesItsEvents() {
        let result = parse(#"{"files":["thunder-1.mp3","far/thunder-2.mp3"],"every":[20,90],"gain_db":[-12,0]}"#)
        #expect(result.problems.isEmpty)
        #expect(
            result.entries.first?.events
                == SoundEvents(files: ["thunder-1.mp3", "far/thunder-2.mp3"], every: 20...90, gainDB: -12...0))
    }

    @Test(arguments: [
        (#"[1]"#, "must be an object"),
        (#"{"every":[1,2],"gain_db":[0,0]}"#, "'files' is missing"),
        (#"{"files":[],"every":[1,2],"gain_db":[0,0]}"#, "'files' has 0; give 1 to 32"),
        (#"{"files":[3],"every":[1,2],"gain_db":[0,0]}"#, "'files' must hold strings"),
        (#"{"files":["../x.mp3"],"every":[1,2],"gain_db":[0,0]}"#, "file \"../x.mp3\": must not contain '.' or '..'"),
        (#"{"files":["/x.mp3"],"every":[1,2],"gain_db":[0,0]}"#, "relative to the sounds/ folder"),
        (#"{"files":["x.mp3"],"gain_db":[0,0]}"#, "'every' must be [low, high] in seconds, each from 0.1 to 3600"),
        (#"{"files":["x.mp3"],"every":[5],"gain_db":[0,0]}"#, "'every' must be [low, high]"),
        (#"{"files":["x.mp3"],"every":["5","6"],"gain_db":[0,0]}"#, "'every' must be [low, high]"),
        (#"{"files":["x.mp3"],"every":[0,6],"gain_db":[0,0]}"#, "'every' is [0, 6]; it must be [low, high] in seconds"),
        (#"{"files":["x.mp3"],"every":[9,6],"gain_db":[0,0]}"#, "'every' is [9, 6]: low is above high"),
        (
            #"{"files":["x.mp3"],"every":[1,2],"gain_db":[-6,3]}"#,
            "'gain_db' is [-6, 3]; it must be [low, high] in dB, each from -60 to 0"
        ),
        (
            #"{"files":["x.mp3"],"every":[1,2],"gain_db":[-6,0],"pan":[0,1]}"#,
            "unknown field 'pan'; fields are files, every, gain_db"
        ),
    ])
    func badEventsAreRefusedSayingWhatIsAccepted(_ events: String, _ reason: String) {
        let result = parse(events)
        #expect(result.entries.isEmpty)
        let problem = result.problems.first?.reason ?? "none"
        #expect(problem.hasPrefix("'storm': events: "), "\(problem)")
        #expect(problem.contains(reason), "\(problem)")
    }

    @Test func anAlarmToneHasNoEvents() {
        let result = parse(#"{"files":["x.mp3"],"every":[1,2],"gain_db":[0,0]}"#, kind: "alarm")
        #expect(result.problems.first?.reason == "'storm': events are for loops; this is an alarm")
    }

    @Test func eventsSurviveTheOverlayCatalogBeingWrittenBack() throws {
        let entry = SoundEntry(
            id: "storm", name: "Storm", category: "nature", file: "storm.mp3", kind: .loop,
            events: SoundEvents(files: ["t.mp3"], every: 0.5...2.5, gainDB: -9...(-1)))
        let written = try JSONCoding.pretty(CatalogFile(sounds: [entry]))
        #expect(String(decoding: written, as: UTF8.self).contains(#""gain_db" : ["#))
        #expect(CatalogParser.parse(written, source: "u.json").entries == [entry])
        #expect(try JSONCoding.decode(CatalogFile.self, from: written).sounds == [entry])
    }

    @Test func theLibraryResolvesEventFilesAndRefusesALoopWhoseEventFileIsMissing() {
        var library = SoundLibrary()
        let events = SoundEvents(files: ["t1.mp3", "t2.mp3"], every: 1...2, gainDB: -6...0)
        library.add(
            CatalogParser.Result(
                entries: [
                    SoundEntry(id: "storm", name: "S", category: "n", file: "s.mp3", kind: .loop, events: events),
                    SoundEntry(
                        id: "dawn", name: "D", category: "n", file: "d.mp3", kind: .loop,
                        events: SoundEvents(files: ["gone.mp3"], every: 1...2, gainDB: -6...0)),
                ], problems: []),
            folder: "/lib/sounds", source: .builtin, catalogPath: "/lib/sounds.json",
            fileProblem: { $0.hasSuffix("gone.mp3") ? "does not exist" : nil })
        #expect(library.sound(id: "storm")?.eventPaths == ["/lib/sounds/t1.mp3", "/lib/sounds/t2.mp3"])
        #expect(library.sound(id: "dawn") == nil)
        #expect(
            library.problems.map(\.description) == [
                "/lib/sounds.json: sounds[1]: 'dawn': event file /lib/sounds/gone.mp3 does not exist"
            ])
    }
}

@Suite("When a loop's events sound")
struct EventScheduleTests {
    let events = SoundEvents(files: ["a", "b", "c"], every: 20...90, gainDB: -12...0)

    func draw(_ count: Int, seed: UInt64, events: SoundEvents? = nil) -> [EventSchedule.Event] {
        var schedule = EventSchedule(events: events ?? self.events, seed: seed, framesPerSecond: 44_100)
        return (0..<count).map { _ in schedule.next() }
    }

    @Test func theSameSeedDrawsTheSameEvents() {
        #expect(draw(50, seed: 7) == draw(50, seed: 7))
        #expect(draw(50, seed: 7) != draw(50, seed: 8))
    }

    @Test func aFixedSeedDrawsAFixedSequence() {
        // Pinned: a change to how events are drawn shows here, not as a subtly different storm.
        let first = draw(3, seed: 1)
        #expect(first.map(\.frame) == [2_630_976, 4_884_713, 8_475_088])
        #expect(first.map(\.file) == [1, 2, 1])
    }

    @Test(arguments: [UInt64(0), 1, 42, .max])
    func intervalsGainsAndFilesStayInTheirRanges(_ seed: UInt64) {
        let drawn = draw(2_000, seed: seed)
        var last = 0
        for event in drawn {
            #expect((20 * 44_100)...(90 * 44_100) ~= event.frame - last)
            last = event.frame
            #expect(event.gain >= 0.2511 && event.gain <= 1.0)  // -12 dB ... 0 dB
            #expect((0..<3).contains(event.file))
        }
        // No file twice running, and every file and most of each range used.
        #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.file != $1.file })
        #expect(Set(drawn.map(\.file)) == [0, 1, 2])
        let gaps = zip([0] + drawn.map(\.frame), drawn.map(\.frame)).map { Double($1 - $0) / 44_100 }
        #expect(gaps.min()! < 22 && gaps.max()! > 88)
        #expect(abs(gaps.reduce(0, +) / Double(gaps.count) - 55) < 2)
    }

    @Test func oneFilePlaysEveryTimeAndAFixedRangeIsExact() {
        let drawn = draw(
            5, seed: 3, events: SoundEvents(files: ["only"], every: 0.5...0.5, gainDB: -6...(-6)))
        #expect(drawn.map(\.frame) == [22_050, 44_100, 66_150, 88_200, 110_250])
        #expect(drawn.allSatisfy { $0.file == 0 && abs($0.gain - 0.501_187) < 1e-5 })
    }
}
