import NoiseClient
import NoiseCore
import NoiseProtocol
import Testing

/// Event lines read once into `DaemonEvent`, as both clients read them.
@Suite("daemon events")
struct DaemonEventTests {
    private func read(_ text: String) throws -> ClientLine<Skipped, DaemonEvent> {
        try ClientLine<Skipped, DaemonEvent>.read(Array(text.utf8))
    }

    @Test("a known event is read into its data's type")
    func known() throws {
        let line = #"{"data":{"problems":["sounds[3]: no file"],"sounds":12},"event":"catalog"}"#
        guard case .event(.catalog(let catalog)) = try read(line) else { Issue.record("not a catalog event"); return }
        #expect(catalog.sounds == 12)
        #expect(catalog.problems == ["sounds[3]: no file"])
    }

    @Test("a newer daemon's event, or a known one whose data changed, is unknown by name, not a failure")
    func unknown() throws {
        guard case .event(let newer) = try read(#"{"data":{"x":1},"event":"moon_rise"}"#) else {
            Issue.record(); return
        }
        #expect(newer == .unknown("moon_rise", data: .object(["x": .number(1)])))
        // Issue 52: a relay passes a newer daemon's event on with its data, not as "data": null.
        #expect(String(decoding: try Replies.event(newer), as: UTF8.self) == #"{"data":{"x":1},"event":"moon_rise"}"#)
        guard case .event(let changed) = try read(#"{"data":{"sounds":"many"},"event":"catalog"}"#) else {
            Issue.record(); return
        }
        #expect(changed == .unknown("catalog", data: .object(["sounds": .string("many")])))
        #expect(changed.name == "catalog")
    }

    @Test("a reply is not an event; a line that is not protocol JSON is unreachable")
    func notEvents() throws {
        guard
            case .reply(let id, .failure(let error)) = try read(
                #"{"error":{"code":"line_too_long","message":"m"},"id":null,"ok":false}"#)
        else { Issue.record(); return }
        #expect(id == .none)
        #expect(error.code == .lineTooLong)
        let failure = #expect(throws: ClientFailure.self) { try read("HTTP/1.1 400 Bad Request") }
        #expect(failure?.exitCode == 3)
    }

    @Test("the greeting: the hello passes, a refusal in its place fails with its code")
    func greeting() throws {
        let hello = try Handshake.greeting(
            Array(#"{"data":{"name":"noised","protocol":1,"version":"9"},"event":"hello"}"#.utf8), path: "p")
        #expect(hello.version == "9")
        let refusal = #expect(throws: ClientFailure.self) {
            try Handshake.greeting(
                Array(#"{"error":{"code":"too_many_clients","message":"busy"},"id":null,"ok":false}"#.utf8), path: "p")
        }
        #expect(refusal?.code == .tooManyClients)
        let stranger = #expect(throws: ClientFailure.self) {
            try Handshake.greeting(Array(#"{"data":{},"event":"welcome"}"#.utf8), path: "p")
        }
        #expect(stranger?.exitCode == 3)
    }
}
