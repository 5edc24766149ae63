import Testing
@testable import NoiseCore

/// `init(json:)` must read what the encoder writes, field for field, so the client can drop Codable.
extension JSONValue {
    func objectField(_ key: String) -> JSONValue {
        if case .object(let fields) = self { fields[key] ?? .null } else { .null }
    }
}

@Suite("Decoding without Codable")
struct JSONDecodableTests {
    func roundTrip<T: JSONDecodable & Encodable & Equatable>(_ sample: T) throws {
        let decoded = try T(json: JSONValueEncoder.encode(sample))
        #expect(decoded == sample)
        // And through the bytes, as the client receives them.
        #expect(try T(json: JSONReader.read(JSONCoding.line(sample))) == sample)
    }

    @Test func everyStatusTypeRoundTrips() throws {
        for sample in JSONSamples.statuses { try roundTrip(sample) }
        for sample in JSONSamples.playbacks { try roundTrip(sample) }
        for sample in JSONSamples.audios { try roundTrip(sample) }
        for sample in JSONSamples.playing { try roundTrip(sample) }
        for sample in JSONSamples.alarmsStatuses { try roundTrip(sample) }
        for sample in JSONSamples.alarmInfos { try roundTrip(sample) }
        for sample in JSONSamples.alarms { try roundTrip(sample) }
        for sample in JSONSamples.missed { try roundTrip(sample) }
        for sample in JSONSamples.errors { try roundTrip(sample) }
        try roundTrip(OnsetInfo(writtenSeconds: -0.0123456, heardSeconds: 0.5))
        try roundTrip(ConfigStatus(path: "/p", found: false, problems: ["a", "b"]))
        try roundTrip(CatalogSummary(sounds: 2, problems: []))
        try roundTrip(SleepTimerInfo(remainingSeconds: 1, fadeOutSeconds: 0))
        try roundTrip(JSONSamples.trigger(1_795_000_000))
    }

    @Test func everyRepeatRuleRoundTrips() throws {
        for mask in UInt8(0)...0x7F {
            try roundTrip(Alarm(id: Int64(mask), time: TimeOfDay(hour: 1, minute: 2), repeat: RepeatRule(mask: mask)))
        }
    }

    /// A status reply line read from a real daemon's socket (`noised --device null`, after `noisectl alarm add 07:00
    /// --label Work --repeat weekdays` and `noisectl play rain --for 30m`).
    static let capturedReply = #"""
    {"data":{"alarms":{"count":1,"last_onset":null,"missed":[],"next":{"alarm":{"enabled":true,"id":1,"label":"Work","note":null,"ramp_seconds":30,"repeat":"weekdays","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","time":"07:00","volume":80},"next_trigger":{"local":"2026-11-23T07:00:00+00:00","unix":1795417200},"ringing":false,"snoozed_until":null,"tone":null},"ringing":[],"store_problem":null,"time_zone":"Etc/UTC","time_zone_problem":null,"wake_from_suspend":true,"wake_note":null},"audio":{"device":"null","error":null,"state":"playing","underruns":0},"catalog":{"problems":[],"sounds":11},"config":{"found":false,"path":"/root/.config/noised/config.toml","problems":[]},"last_played":["rain"],"master_volume":100,"playing":[{"id":"rain","name":"Heavy rain","state":"fading_in","volume":100}],"protocol":1,"sleep_timer":{"fade_out_seconds":30,"remaining_seconds":1799.581881175},"uptime_seconds":4.408973925,"version":"0.1.0"},"id":1,"ok":true}
    """#

    @Test func aCapturedDaemonReplyDecodes() throws {
        let line = Array(Self.capturedReply.utf8)
        let reply = try JSONFields(JSONReader.read(line))
        #expect(try reply.required("ok", as: Bool.self))
        #expect(try reply.required("id", as: Int64.self) == 1)
        let status = try reply.required("data", as: StatusInfo.self)
        #expect(status.version == "0.1.0" && status.protocol == 1)
        #expect(status.audio == AudioStatus(device: "null", state: .playing))
        #expect(status.playing == [PlayingSound(id: "rain", name: "Heavy rain", volume: 100, state: .fadingIn)])
        #expect(status.sleepTimer == SleepTimerInfo(remainingSeconds: 1799.581881175, fadeOutSeconds: 30))
        #expect(status.lastPlayed == ["rain"])
        #expect(status.catalog == CatalogSummary(sounds: 11, problems: []))
        #expect(status.alarms?.next?.alarm == Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays))
        #expect(status.alarms?.next?.nextTrigger?.local == "2026-11-23T07:00:00+00:00")
        #expect(status.alarms?.timeZone == "Etc/UTC" && status.alarms?.wakeFromSuspend == true)
        #expect(status.config == ConfigStatus(path: "/root/.config/noised/config.toml", found: false, problems: []))
        // Foundation's Codable reads the same value, and encoding it again gives the captured bytes.
        let viaFoundation = try JSONCoding.decoder().decode(StatusInfo.self, from: try JSONCoding.encoder().encode(
            try JSONReader.read(line).objectField("data")))
        #expect(viaFoundation == status)
        #expect(try Replies.success(id: .int(1), data: status) == line)
    }

    @Test func anErrorReplyDecodes() throws {
        let line = Replies.failure(id: .int(3), error: ProtocolError(.unknownSound, "unknown sound 'q'"))
        let reply = try JSONFields(JSONReader.read(line))
        #expect(try reply.required("error", as: ProtocolError.self) == ProtocolError(.unknownSound, "unknown sound 'q'"))
    }

    @Test func errorsNameTheFieldPath() throws {
        var json = try JSONValueEncoder.encode(JSONSamples.statuses[1])
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
                _ = try StatusInfo(json: copy)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(failure(["uptime_seconds"], nil) == "uptime_seconds: missing")
        #expect(failure(["playing", "1", "state"], .string("loud")) == "playing[1].state: unknown value \"loud\"")
        #expect(failure(["alarms", "next", "alarm", "time"], .string("25:00")).hasPrefix("alarms.next.alarm.time: "))
        #expect(failure(["alarms", "ringing", "0", "alarm", "id"], .number(1.5)) == "alarms.ringing[0].alarm.id: expected an integer, got 1.5")
        #expect(failure(["audio"], .array([])) == "audio: expected an object, got an array")
        #expect(failure(["catalog", "problems"], .array([.number(1)])) == "catalog.problems[0]: expected a string, got a number")
        // Optional fields may be null or missing.
        edit(&json, ["sleep_timer"], nil)
        edit(&json, ["config"], .null)
        let status = try StatusInfo(json: json)
        #expect(status.sleepTimer == nil && status.config == nil)
    }
}
