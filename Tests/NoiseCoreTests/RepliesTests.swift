import Testing

@testable import NoiseCore
@testable import NoiseProtocol

@Suite("Reply and event encoding")
struct RepliesTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func successEchoesTheIdAndCarriesData() throws {
        let line = try Replies.success(id: .int(9), data: Commands.Volume(volume: 50, sound: "rain"))
        #expect(text(line) == #"{"data":{"sound":"rain","volume":50},"id":9,"ok":true}"#)
    }

    /// What the reply's assembly must equal: the envelope encoded whole.
    struct Envelope<Payload: Encodable>: Encodable {
        var id: RequestID
        var ok = true
        var data: Payload
    }

    @Test func aSuccessIsTheEnvelopeEncodedWholeAndEncodedDataIsSentAsItIs() throws {
        for id in JSONSamples.ids {
            for status in JSONSamples.statuses {
                let line = try Replies.success(id: id, data: status)
                #expect(line == (try JSONCoding.line(Envelope(id: id, data: status))))
                let encoded = Replies.Encoded(try JSONCoding.line(status))
                #expect(try Replies.success(id: id, data: encoded) == line)
                // Inside another value, encoded data is a part of it like any other.
                #expect(try JSONCoding.line(Envelope(id: id, data: encoded)) == line)
            }
        }
    }

    @Test func failureHasAStableCodeAndAMessage() {
        let line = Replies.failure(id: .string("x"), error: ProtocolError(.unknownSound, "unknown sound 'q'"))
        #expect(text(line) == #"{"error":{"code":"unknown_sound","message":"unknown sound 'q'"},"id":"x","ok":false}"#)
    }

    @Test func eventsAndHelloNameThemselves() throws {
        #expect(
            text(try Replies.event(.hello(Hello())))
                == #"{"data":{"name":"noised","protocol":1,"version":"\#(Limits.version)"},"event":"hello"}"#)
    }

    @Test func absentValuesAreExplicitNulls() throws {
        let playback = PlaybackInfo(state: .stopped, masterVolume: 100, playing: [], sleepTimer: nil)
        #expect(
            text(try JSONCoding.line(playback))
                == #"{"audio":null,"last_played":[],"master_volume":100,"playing":[],"sleep_timer":null,"state":"stopped"}"#
        )
        let audio = AudioStatus(device: "pulse", state: .idle)
        #expect(text(try JSONCoding.line(audio)) == #"{"device":"pulse","error":null,"state":"idle","underruns":0}"#)
    }

    @Test func statusRoundTrips() throws {
        let status = StatusInfo(
            uptimeSeconds: 3.5, audio: AudioStatus(device: "null", state: .error, error: "gone", underruns: 2),
            playback: PlaybackInfo(
                state: .paused, masterVolume: 40,
                playing: [PlayingSound(id: "rain", name: "Rain", volume: 60, state: .fadingOut)],
                sleepTimer: SleepTimerInfo(remainingSeconds: 30, fadeOutSeconds: 5)),
            catalog: CatalogSummary(sounds: 3, problems: ["p"]))
        let decoded = try JSONCoding.decode(StatusInfo.self, from: try JSONCoding.line(status))
        #expect(decoded == status)
    }

    @Test func everyErrorCodeIsSnakeCase() {
        for code in ErrorCode.allCases {
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code.rawValue)")
        }
    }
}
