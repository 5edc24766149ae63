#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import NoiseCore

/// Foundation against the Foundation-free JSON path on the daemon's hot lines: encoding a status reply and
/// decoding a request, plus the client's decoding of the status reply. Not a timed test (timings depend on the
/// machine); `JSONSpeedTests` runs it briefly for correctness. For numbers, build it optimized with NoiseCore's
/// sources and a `main.swift` that prints `try JSONSpeed.measure(iterations: 20_000)` (drop the `@testable
/// import`): `swiftc -O -wmo -module-name Bench $(find Sources/NoiseCore -name '*.swift') JSONSpeed.swift main.swift`.
enum JSONSpeed {
    struct Report: CustomStringConvertible {
        var iterations: Int
        var rows: [(name: String, foundation: Duration, fast: Duration)] = []

        var description: String {
            rows.map { row in
                let old = Double(row.foundation.components.attoseconds) / 1e18 + Double(row.foundation.components.seconds)
                let new = Double(row.fast.components.attoseconds) / 1e18 + Double(row.fast.components.seconds)
                let perOld = old / Double(iterations) * 1e6, perNew = new / Double(iterations) * 1e6
                return "\(row.name): Foundation \(rounded(perOld)) µs, new \(rounded(perNew)) µs, \(rounded(old / new))x"
            }.joined(separator: "\n")
        }

        private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    }

    /// A status as a busy daemon reports it: two sounds, a sleep timer, alarms with a next one and a missed one.
    static let status: StatusInfo = {
        let zone = ZoneRules.utc
        let next = AlarmInfo(alarm: Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0), label: "Work", repeat: .weekdays),
                             nextTrigger: TriggerInfo(unix: 1_795_417_200, zone: zone), snoozedUntil: nil, ringing: false)
        let missed = MissedInfo(alarmId: 2, label: "Gym", trigger: TriggerInfo(unix: 1_795_300_000, zone: zone), reason: "late")
        return StatusInfo(
            uptimeSeconds: 4.408973925, audio: AudioStatus(device: "pulse", state: .playing),
            playback: PlaybackInfo(masterVolume: 80, playing: [
                PlayingSound(id: "rain", name: "Heavy rain", volume: 100, state: .playing),
                PlayingSound(id: "brown", name: "Brown noise", volume: 35.5, state: .fadingIn),
            ], sleepTimer: SleepTimerInfo(remainingSeconds: 1799.581881175, fadeOutSeconds: 30)),
            catalog: CatalogSummary(sounds: 11, problems: []),
            alarms: AlarmsStatus(count: 3, next: next, ringing: [], missed: [missed], timeZone: "Europe/Berlin",
                                 wakeFromSuspend: true, wakeNote: nil),
            config: ConfigStatus(path: "/home/user/.config/noised/config.toml", found: true, problems: []))
    }()

    static let request = Array(#"{"id":17,"cmd":"play","args":{"sounds":["rain","brown"],"volume":40,"fade_in":2,"for":1800}}"#.utf8)

    struct Mismatch: Error {}

    static func measure(iterations: Int) throws -> Report {
        var report = Report(iterations: iterations)
        let encoder = JSONCoding.encoder()
        let decoder = JSONCoding.decoder()
        let reply = Replies.Success(id: .int(17), data: status)

        // Both paths must agree before their speed means anything.
        let line = try JSONCoding.line(reply)
        guard line == Array(try encoder.encode(reply)),
              try JSONReader.read(request) == (try decoder.decode(JSONValue.self, from: Data(request))),
              try StatusInfo(json: JSONFields(JSONReader.read(line)).required("data")) == status,
              try decoder.decode(Envelope.self, from: Data(line)).data == status else { throw Mismatch() }

        report.rows.append(("encode status reply", try time(iterations) { _ = try encoder.encode(reply) },
                            try time(iterations) { _ = try JSONCoding.line(reply) }))
        report.rows.append(("decode request line", try time(iterations) { _ = try decoder.decode(JSONValue.self, from: Data(request)) },
                            try time(iterations) { _ = try JSONReader.read(request) }))
        report.rows.append(("client: decode status reply", try time(iterations) { _ = try decoder.decode(Envelope.self, from: Data(line)) },
                            try time(iterations) { _ = try StatusInfo(json: JSONFields(JSONReader.read(line)).required("data")) }))
        return report
    }

    /// The reply as the client decoded it with Codable.
    struct Envelope: Decodable {
        var data: StatusInfo
    }

    private static func time(_ iterations: Int, _ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations { try body() }
        return clock.now - start
    }
}
