import Testing

@testable import NoiseCore
@testable import NoiseProtocol

@Suite("Request decoding")
struct RequestDecoderTests {
    func decode(_ text: String) -> Result<Request, RequestDecoder.Failure> {
        RequestDecoder.decode(Array(text.utf8))
    }

    func failure(_ text: String) -> RequestDecoder.Failure? {
        if case .failure(let failure) = decode(text) { return failure }
        return nil
    }

    @Test func decodesEveryCommand() throws {
        #expect(try decode(#"{"id":1,"cmd":"ping"}"#).get() == Request(id: .int(1), command: Commands.Ping()))
        #expect(
            try decode(#"{"id":"a","cmd":"status","args":{}}"#).get()
                == Request(id: .string("a"), command: Commands.Status()))
        #expect(try decode(#"{"cmd":"subscribe"}"#).get() == Request(id: .none, command: Commands.Subscribe()))
        #expect(
            try decode(#"{"id":2,"cmd":"sounds","args":{"category":"noise"}}"#).get().command
                == Commands.Sounds(category: "noise"))
        let play = try decode(
            #"{"id":3,"cmd":"play","args":{"sounds":["rain","fan","rain"],"volume":40,"fade_in":2,"for":60,"fade_out":5}}"#
        ).get()
        #expect(play.command == Commands.Play(sounds: ["rain", "fan"], volume: 40, fadeIn: 2, for: 60, fadeOut: 5))
        #expect(try decode(#"{"id":4,"cmd":"stop","args":{"fade":10}}"#).get().command == Commands.Stop(fade: 10))
        #expect(
            try decode(#"{"id":5,"cmd":"volume","args":{"volume":0,"sound":"rain"}}"#).get().command
                == Commands.Volume(volume: 0, sound: "rain"))
        #expect(
            try decode(#"{"id":5,"cmd":"volume","args":{"change":-10}}"#).get().command
                == Commands.Volume(change: -10))
        #expect(
            try decode(#"{"id":6,"cmd":"import","args":{"path":"/x.mp3","id":"mine","name":"Mine","kind":"alarm"}}"#)
                .get().command
                == Commands.Import(path: "/x.mp3", id: "mine", name: "Mine", kind: .alarm))
        // Without an id and a name the daemon makes them from the file's name.
        #expect(
            try decode(#"{"id":7,"cmd":"import","args":{"path":"/music/Ocean Waves.flac"}}"#).get().command
                == Commands.Import(path: "/music/Ocean Waves.flac"))
    }

    @Test func decodesSoundRemoveAndRename() throws {
        #expect(
            try decode(#"{"cmd":"sound_remove","args":{"id":"mine"}}"#).get().command
                == Commands.SoundRemove(id: "mine", force: false))
        #expect(
            try decode(#"{"cmd":"sound_remove","args":{"id":"bell","force":true}}"#).get().command
                == Commands.SoundRemove(id: "bell", force: true))
        #expect(
            try decode(#"{"cmd":"sound_rename","args":{"id":"mine","name":"Night waves"}}"#).get().command
                == Commands.SoundRename(id: "mine", name: "Night waves"))
        let empty = try #require(failure(#"{"cmd":"sound_rename","args":{"id":"mine","name":" "}}"#))
        #expect(empty.error == ProtocolError(.invalidArgument, "sound_rename: name must not be empty"))
        let unknown = try #require(failure(#"{"cmd":"sound_remove","args":{"id":"mine","all":true}}"#))
        #expect(unknown.error.code == .invalidArgument)
    }

    @Test func decodesPauseResumeTimersAndMixes() throws {
        #expect(try decode(#"{"cmd":"pause","args":{"fade":2}}"#).get().command == Commands.Pause(fade: 2))
        #expect(try decode(#"{"cmd":"resume"}"#).get().command == Commands.Resume(fadeIn: nil))
        #expect(try decode(#"{"cmd":"toggle"}"#).get().command == Commands.Toggle())
        #expect(
            try decode(#"{"cmd":"stop","args":{"sounds":["white"],"timer":true}}"#).get().command
                == Commands.Stop(sounds: ["white"], timer: true))
        #expect(
            try decode(#"{"cmd":"play","args":{"mix":"night.2"}}"#).get().command
                == Commands.Play(sounds: [], mix: "night.2"))
        #expect(
            try decode(#"{"cmd":"mix_save","args":{"name":"Sleep-1"}}"#).get().command
                == Commands.MixSave(name: "Sleep-1"))
        #expect(try decode(#"{"cmd":"mix_remove","args":{"name":"a"}}"#).get().command == Commands.MixRemove(name: "a"))
        #expect(try decode(#"{"cmd":"mix_list"}"#).get().command == Commands.MixList())
        let refused: [(String, String)] = [
            (#"{"cmd":"play","args":{"mix":"a","sounds":["rain"]}}"#, "or 'mix' (the name of a saved mix), not both"),
            (#"{"cmd":"play","args":{}}"#, "one of them"),
            (#"{"cmd":"play","args":{"mix":"a","volume":5}}"#, "'volume' does not apply"),
            (#"{"cmd":"stop","args":{"timer":true,"fade":1}}"#, "'fade' does not apply"),
            (#"{"cmd":"mix_save","args":{"name":"-x"}}"#, "does not start with a letter or digit"),
            (#"{"cmd":"mix_save","args":{"name":"a b"}}"#, "has ' ', which is not a letter"),
            (#"{"cmd":"mix_save","args":{"name":"\#(String(repeating: "m", count: 33))"}}"#, "longer than 32"),
            (#"{"cmd":"mix_save","args":{}}"#, "needs 'name'"),
            (#"{"cmd":"toggle","args":{"fade":1}}"#, "has no argument 'fade'"),
        ]
        for (line, said) in refused {
            let error = failure(line)?.error
            #expect(
                error?.code == .invalidArgument && error?.message.contains(said) == true,
                "\(line): \(String(describing: error))")
        }
    }

    /// 2^53 + 1 reads as 2^53 in a double: echoing that id would answer a request the client never sent.
    @Test func idsBeyondWhatADoubleHoldsExactlyAreRefused() throws {
        #expect(try decode(#"{"id":9007199254740991,"cmd":"ping"}"#).get().id == .int(9_007_199_254_740_991))
        for id in ["9007199254740992", "9007199254740993", "-9007199254740993", "1e300"] {
            guard case .failure(let failure) = decode(#"{"id":\#(id),"cmd":"ping"}"#) else {
                Issue.record("id \(id) was accepted")
                continue
            }
            #expect(failure.error.code == .invalidRequest && failure.error.message.contains("below 2^53"))
        }
    }

    /// -0 is 0: a volume echoed as `-0` shows a sign the value never had.
    @Test func minusZeroIsZero() throws {
        let volume = try decode(#"{"cmd":"volume","args":{"volume":-0}}"#).get().command
        guard let arguments = volume as? Commands.Volume else { Issue.record("not a volume command"); return }
        #expect(arguments.volume == 0 && arguments.volume?.sign == .plus)
    }

    @Test(arguments: ["", "{", "not json", "{\"id\":1,\"cmd\":\"ping\"", "[1,2", "\u{FEFF}{]", "nan"])
    func malformedJSONIsAParseError(_ text: String) {
        #expect(failure(text)?.error.code == .parseError)
        #expect(failure(text)?.id == RequestID.none)
    }

    @Test func invalidUTF8IsAParseError() {
        let bytes: [UInt8] = Array(#"{"id":1,"cmd":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        guard case .failure(let failure) = RequestDecoder.decode(bytes) else {
            Issue.record("accepted invalid UTF-8"); return
        }
        #expect(failure.error.code == .parseError)
    }

    @Test(arguments: [
        ("[1]", "an array"), ("42", "a number"), ("\"status\"", "a string"), ("null", "null"),
    ])
    func nonObjectsAreInvalidRequests(_ text: String, _ type: String) {
        let error = failure(text)?.error
        #expect(error?.code == .invalidRequest)
        #expect(error?.message.contains(type) == true)
    }

    @Test(arguments: [
        #"{"id":1}"#, #"{"id":1,"cmd":5}"#, #"{"id":1.5,"cmd":"ping"}"#, #"{"id":1e300,"cmd":"ping"}"#,
        #"{"id":[1],"cmd":"ping"}"#, #"{"id":1,"cmd":"ping","args":[]}"#, #"{"id":1,"cmd":"ping","extra":true}"#,
    ])
    func badEnvelopesAreInvalidRequests(_ text: String) {
        #expect(failure(text)?.error.code == .invalidRequest)
    }

    @Test func theIdIsEchoedEvenWhenTheCommandIsBad() {
        #expect(
            failure(#"{"id":7,"cmd":"dance"}"#)
                == RequestDecoder.Failure(
                    id: .int(7),
                    error: ProtocolError(
                        .unknownCommand,
                        "unknown command 'dance'; commands: " + CommandRegistry.names.joined(separator: ", "))))
        #expect(CommandRegistry.names.contains("alarm_add"))
    }

    @Test(arguments: [
        (#"{"cmd":"play","args":{}}"#, "needs 'sounds'"),
        (#"{"cmd":"play","args":{"sounds":[]}}"#, "non-empty list"),
        (#"{"cmd":"play","args":{"sounds":"rain"}}"#, "non-empty list"),
        (#"{"cmd":"play","args":{"sounds":[1]}}"#, "non-empty list"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"volume":"loud"}}"#, "'volume' must be a number from 0 to 100"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"volume":-1}}"#, "got -1"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"volume":100.5}}"#, "got 100.5"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"volume":1e308}}"#, "'volume'"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"for":0}}"#, "'for' must be a number from 1 to 86400 seconds"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"fade_out":3}}"#, "give 'for' too"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"fade_in":-2}}"#, "'fade_in'"),
        (
            #"{"cmd":"play","args":{"sounds":["rain"],"fade_to":10}}"#,
            "'fade_to' applies to a sleep timer; give 'for' too"
        ),
        (
            #"{"cmd":"play","args":{"sounds":["rain"],"for":60,"fade_to":101}}"#,
            "'fade_to' must be a number from 0 to 100"
        ),
        (#"{"cmd":"sleep_extend","args":{}}"#, "sleep_extend needs 'seconds' (a number from 1 to 86400)"),
        (#"{"cmd":"sleep_extend","args":{"seconds":0}}"#, "'seconds' must be a number from 1 to 86400"),
        (#"{"cmd":"sleep_extend","args":{"seconds":"15m"}}"#, "'seconds' must be a number"),
        (#"{"cmd":"play","args":{"sounds":["rain"],"loop":true}}"#, "play has no argument 'loop'"),
        (#"{"cmd":"stop","args":{"fade":"slow"}}"#, "'fade' must be a number"),
        (#"{"cmd":"volume","args":{}}"#, "volume needs 'volume'"),
        (#"{"cmd":"volume","args":{"volume":50,"change":10}}"#, "not both"),
        (#"{"cmd":"volume","args":{"change":101}}"#, "'change' must be a number from -100 to 100"),
        (#"{"cmd":"volume","args":{"volume":true}}"#, "got a boolean"),
        (#"{"cmd":"status","args":{"verbose":1}}"#, "status has no argument 'verbose'; accepted arguments: none"),
        (#"{"cmd":"import","args":{"path":"x.mp3","id":"a","name":"A"}}"#, "must be absolute"),
        (#"{"cmd":"import","args":{"path":"/x.mp3","id":"a","name":"A","kind":"song"}}"#, "loop or alarm"),
        (#"{"cmd":"import","args":{"id":"a","name":"A"}}"#, "needs 'path'"),
    ])
    func badArgumentsSayWhatIsAccepted(_ text: String, _ expected: String) {
        let error = failure(text)?.error
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "accepted")")
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let code = failure(text)?.error.code
        #expect(code == .parseError || code == .invalidRequest)
    }

    @Test func hugeNumbersAreRefused() {
        #expect(failure(#"{"cmd":"volume","args":{"volume":1e400}}"#) != nil)
        #expect(
            failure(#"{"cmd":"volume","args":{"volume":123456789012345678901234567890}}"#)?.error.code
                == .invalidArgument)
    }
}
