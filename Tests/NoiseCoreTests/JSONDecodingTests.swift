import Testing

@testable import NoiseAlarms
@testable import NoiseCatalog
@testable import NoiseCore
@testable import NoiseProtocol

extension JSONValue {
    func objectField(_ key: String) -> JSONValue {
        if case .object(let fields) = self { fields[key] ?? .null } else { .null }
    }
}

/// `JSONCoding.decode` must read what `JSONCoding.line` writes, for every protocol type, and say where a reply
/// that does not fit went wrong.
@Suite("Decoding protocol JSON")
struct JSONDecodingTests {
    func roundTrip<T: Codable & Equatable>(_ sample: T) throws {
        #expect(try JSONCoding.decode(T.self, from: JSONCoding.line(sample)) == sample)
    }

    @Test func everyProtocolTypeRoundTrips() throws {
        for sample in JSONSamples.statuses { try roundTrip(sample) }
        for sample in JSONSamples.playbacks { try roundTrip(sample) }
        for sample in JSONSamples.audios { try roundTrip(sample) }
        for sample in JSONSamples.playing { try roundTrip(sample) }
        for sample in JSONSamples.alarmsStatuses { try roundTrip(sample) }
        for sample in JSONSamples.alarmInfos { try roundTrip(sample) }
        for sample in JSONSamples.alarms { try roundTrip(sample) }
        for sample in JSONSamples.missed { try roundTrip(sample) }
        for sample in JSONSamples.errors { try roundTrip(sample) }
        for sample in JSONSamples.soundInfos { try roundTrip(sample) }
        for sample in JSONSamples.ids { try roundTrip(sample) }
        try roundTrip(OnsetInfo(writtenSeconds: -0.0123456, heardSeconds: 0.5))
        try roundTrip(ConfigStatus(path: "/p", found: false, problems: ["a", "b"]))
        try roundTrip(CatalogSummary(sounds: 2, problems: []))
        try roundTrip(SleepTimerInfo(remainingSeconds: 1, fadeOutSeconds: 0))
        try roundTrip(JSONSamples.trigger(1_795_000_000))
        try roundTrip(NextAlarm(alarm: nil))
        try roundTrip(NextAlarm(alarm: JSONSamples.alarmInfos[0]))
        try roundTrip(
            CatalogFile(sounds: [SoundEntry(id: "rain", name: "Rain", category: "water", file: "r.mp3", kind: .loop)]))
    }

    @Test func everyRepeatRuleRoundTrips() throws {
        for mask in UInt8(0)...0x7F {
            try roundTrip(Alarm(id: Int64(mask), time: TimeOfDay(hour: 1, minute: 2), repeat: RepeatRule(mask: mask)))
        }
    }

    /// `JSONValue` tries the kinds in an order of its own: each must come back as itself, however deep.
    @Test func everyKindOfValueRoundTrips() throws {
        let value = JSONValue.object([
            "null": .null, "yes": .bool(true), "no": .bool(false), "zero": .number(0),
            "big": .number(9_007_199_254_740_992),
            "small": .number(-1.5e-300), "text": .string("1"), "empty": .string(""),
            "list": .array([.number(1), .string("true"), .null]),
            "nested": .object(["a": .array([.object([:]), .array([])]), "b": .bool(false)]),
        ])
        #expect(try JSONCoding.decode(JSONValue.self, from: JSONCoding.line(value)) == value)
        #expect(try JSONCoding.decode(JSONValue.self, from: JSONCoding.pretty(value)) == value)
        #expect(
            try JSONCoding.decode(JSONValue.self, from: Array(#"[1, "1", true, null, {}]"#.utf8))
                == .array([.number(1), .string("1"), .bool(true), .null, .object([:])]))
    }

    @Test func invalidDocumentsAreRefusedWithAReason() {
        // Foundation's reader also takes a trailing comma ("[1,]"), harmlessly.
        for text in [
            "", "{", "[1,,]", "{\"a\":1,,}", "// c\n1", "'a'", "[1] 2", "NaN", "01", "\"\u{01}\"",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ] {
            #expect(throws: DecodingError.self, "\(text.prefix(20))") {
                try JSONCoding.decode(JSONValue.self, from: Array(text.utf8))
            }
        }
        #expect(throws: DecodingError.self) { try JSONCoding.decode(JSONValue.self, from: [0x22, 0xFF, 0x22]) }
        do {
            _ = try JSONCoding.decode([String: Int].self, from: Array(#"{"a": "x"}"#.utf8))
        } catch {
            #expect(JSONCoding.reason(error).hasPrefix("'a': "), "\(JSONCoding.reason(error))")
        }
    }

    /// Dictionary keys are data, not property names: neither converted on the way out nor on the way in.
    @Test func dictionaryKeysStayAsTheyAre() throws {
        struct Holder: Codable, Equatable {
            var volumesBySound: [String: Int]
        }
        let holder = Holder(volumesBySound: ["rainStorm": 40, "fan": 20])
        #expect(
            String(decoding: try JSONCoding.line(holder), as: UTF8.self)
                == #"{"volumes_by_sound":{"fan":20,"rainStorm":40}}"#)
        try roundTrip(holder)
    }

    /// A status reply line read from a real daemon's socket (`noised --device null` in TZ=UTC, after `noisectl alarm add 07:00
    /// --label Work --repeat weekdays` and `noisectl play rain --for 30m`; no D-Bus: `desktop` says so), with the
    /// fields added since (`ringing_since`, `snoozed`, `fade_to`, `dawns`, `dawn_seconds`, `paused_until`,
    /// `skip_holidays`, `days_off`, `holidays`, `dawn_mix`) in their places.
    static let capturedReply = #"""
        {"data":{"alarms":{"count":1,"dawns":[],"holidays":null,"last_onset":null,"leap_seconds_note":null,"missed":[],"next":{"alarm":{"date":null,"dawn_mix":null,"dawn_seconds":0,"enabled":true,"fires_at":null,"id":1,"label":"Work","mars":null,"note":null,"pass":null,"ramp_seconds":30,"repeat":"weekdays","ring_limit_seconds":600,"skip_holidays":false,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"07:00","volume":80,"zone":null},"days_off":[],"next_pass":null,"next_trigger":{"local":"2026-11-27T07:00:00+00:00","offset_seconds":0,"unix":1795762800},"pass_problem":null,"paused_until":null,"ringing":false,"ringing_since":null,"skips":null,"snoozed_until":null,"tone":null},"ringing":[],"snoozed":[],"store_problem":null,"time_zone":"UTC","time_zone_problem":null,"timers":[],"wake_from_suspend":true,"wake_note":null},"audio":{"device":"null","error":null,"state":"playing","underruns":0},"catalog":{"problems":[],"sounds":11},"config":{"found":false,"path":"/tmp/try/root/config/noised/config.toml","problems":[]},"desktop":{"desktop_inhibitor":null,"desktop_inhibitor_problem":null,"mpris":null,"notification_problem":null,"notifications":false,"resume_watch":false,"session_bus":false,"session_bus_problem":"connecting to the session bus: No such file or directory","sleep_inhibitor_held":false,"sleep_inhibitor_why":null,"system_bus":false,"system_bus_problem":"connecting to the system bus: No such file or directory"},"elements":{"download":true,"downloading":0,"last_error":null,"last_try_unix":1795740000,"next_try_unix":1795826400,"satellites":[{"catalog_number":25544,"downloaded_unix":1795740000,"epoch_unix":1795700000.5,"name":"ISS (ZARYA)"}],"waiting_for":[]},"last_played":["rain"],"master_volume":100,"playing":[{"id":"rain","name":"Heavy rain","sleep_timer":{"fade_out_seconds":30,"fade_to":0,"remaining_seconds":1799.708},"state":"fading_in","volume":100}],"protocol":1,"sleep_timer":{"fade_out_seconds":30,"fade_to":0,"remaining_seconds":1799.708},"state":"playing","uptime_seconds":0.591,"version":"0.1.0"},"id":1,"ok":true}
        """#

    struct Reply<Payload: Decodable>: Decodable {
        var id: RequestID
        var ok: Bool
        var data: Payload?
        var error: ProtocolError?
    }

    @Test func aCapturedDaemonReplyDecodesAndEncodesToTheSameBytes() throws {
        let line = Array(Self.capturedReply.utf8)
        let reply = try JSONCoding.decode(Reply<StatusInfo>.self, from: line)
        #expect(reply.ok && reply.id == .int(1))
        let status = try #require(reply.data)
        #expect(status.version == "0.1.0" && status.protocol == 1)
        #expect(status.audio == AudioStatus(device: "null", state: .playing))
        let timer = SleepTimerInfo(remainingSeconds: 1799.708, fadeOutSeconds: 30)
        #expect(
            status.playing == [
                PlayingSound(id: "rain", name: "Heavy rain", volume: 100, state: .fadingIn, sleepTimer: timer)
            ])
        #expect(status.sleepTimer == timer && status.state == .playing)
        #expect(status.lastPlayed == ["rain"])
        #expect(status.catalog == CatalogSummary(sounds: 11, problems: []))
        #expect(
            status.alarms?.next?.alarm
                == Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays))
        #expect(status.alarms?.next?.nextTrigger?.local == "2026-11-27T07:00:00+00:00")
        #expect(status.alarms?.timeZone == "UTC" && status.alarms?.wakeFromSuspend == true)
        #expect(
            status.config == ConfigStatus(path: "/tmp/try/root/config/noised/config.toml", found: false, problems: []))
        #expect(status.desktop?.sessionBus == false && status.desktop?.mpris == nil)
        #expect(status.desktop?.systemBusProblem == "connecting to the system bus: No such file or directory")
        #expect(
            status.elements?.satellites == [
                ElementsStatus.Satellite(
                    catalogNumber: 25544, name: "ISS (ZARYA)",
                    epochUnix: 1_795_700_000.5,
                    downloadedUnix: 1_795_740_000)
            ])
        #expect(status.elements?.lastTryUnix == 1_795_740_000 && status.elements?.nextTryUnix == 1_795_826_400)
        #expect(try Replies.success(id: .int(1), data: status) == line)
    }

    @Test func anErrorReplyDecodes() throws {
        let line = Replies.failure(id: .int(3), error: ProtocolError(.unknownSound, "unknown sound 'q'"))
        let reply = try JSONCoding.decode(Reply<JSONValue>.self, from: line)
        #expect(!reply.ok && reply.error == ProtocolError(.unknownSound, "unknown sound 'q'"))
    }

    /// The path of a decoding error, as `a.b[2].c`.
    static func path(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .typeMismatch(_, let c)?, .valueNotFound(_, let c)?, .dataCorrupted(let c)?: context = c
        case .keyNotFound(let key, let c)?: return JSONCoding.path(c.codingPath + [key])
        default: return "not a DecodingError: \(error)"
        }
        return JSONCoding.path(context.codingPath)
    }

    @Test func errorsNameTheFieldPath() throws {
        var json = try JSONCoding.decode(JSONValue.self, from: JSONCoding.line(JSONSamples.statuses[1]))
        func edit(_ value: inout JSONValue, _ path: [String], _ new: JSONValue?) {
            guard case .object(var fields) = value else { return }
            if path.count == 1 {
                fields[path[0]] = new
            } else if case .array(var items)? = fields[path[0]], let index = Int(path[1]) {
                edit(&items[index], Array(path.dropFirst(2)), new)
                fields[path[0]] = .array(items)
            } else if var inner = fields[path[0]] {
                edit(&inner, Array(path.dropFirst()), new)
                fields[path[0]] = inner
            }
            value = .object(fields)
        }
        func failure(_ path: [String], _ new: JSONValue?) -> String {
            var copy = json
            edit(&copy, path, new)
            do {
                _ = try JSONCoding.decode(StatusInfo.self, from: JSONCoding.line(copy))
                return "accepted"
            } catch {
                return Self.path(error)
            }
        }
        // Paths name the keys as the JSON spells them (issue 51: not as the types do).
        #expect(failure(["uptime_seconds"], nil) == "uptime_seconds")
        #expect(failure(["playing", "1", "state"], .string("loud")) == "playing[1].state")
        #expect(failure(["alarms", "next", "alarm", "time"], .string("25:00")) == "alarms.next.alarm.time")
        #expect(failure(["alarms", "ringing", "0", "alarm", "id"], .number(1.5)) != "accepted")
        #expect(failure(["audio"], .array([])) == "audio")
        #expect(failure(["catalog", "problems"], .array([.number(1)])) == "catalog.problems[0]")
        // Optional fields may be null or missing.
        edit(&json, ["sleep_timer"], nil)
        edit(&json, ["config"], .null)
        let status = try JSONCoding.decode(StatusInfo.self, from: JSONCoding.line(json))
        #expect(status.sleepTimer == nil && status.config == nil)
    }

    @Test func integersMustBeExactAndInRange() throws {
        #expect(
            try JSONCoding.decode([Int64].self, from: Array("[1,-2,9007199254740992]".utf8)) == [
                1, -2, 9_007_199_254_740_992,
            ])
        func refused<T: Decodable>(_ type: T.Type, _ text: String) -> Bool {
            (try? JSONCoding.decode([T].self, from: Array("[\(text)]".utf8))) == nil
        }
        #expect(refused(Int.self, "1.5") && refused(UInt8.self, "256") && refused(UInt.self, "-1"))
        #expect(refused(String.self, "1") && refused(Bool.self, "null") && refused(Bool.self, "1"))
        #expect(try JSONCoding.decode([Float].self, from: Array("[0.5]".utf8)) == [0.5])
    }

    /// Issue 51, F18: errors named `savedAt` and `pairedUnix` where the files and docs say `saved_at`.
    @Test func errorsNameKeysAsTheJSONSpellsThem() {
        struct Saved: Decodable { var savedAt: Int64; var pairedUnix: Int64 }
        for (json, named) in [
            (#"{"paired_unix": 1}"#, "'saved_at'"), (#"{"saved_at": "x", "paired_unix": 1}"#, "'saved_at'"),
            (#"{"saved_at": 1}"#, "'paired_unix'"),
        ] {
            do {
                _ = try JSONCoding.decode(Saved.self, from: Array(json.utf8))
                Issue.record("decoded \(json)")
            } catch {
                #expect(JSONCoding.reason(error).hasPrefix(named + ":"), "\(JSONCoding.reason(error))")
            }
        }
        #expect(JSONCoding.snakeCased("Rain") == "Rain" && JSONCoding.snakeCased("already_snake") == "already_snake")
    }
}
