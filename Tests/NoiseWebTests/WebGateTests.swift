import NoiseConfig
import NoiseWebCore
import Testing

@Suite struct WebGateTests {
    let gate = WebGate(hosts: AcceptedHosts(listen: .loopback))
    let host = "127.0.0.1:7470"
    let origin = "http://127.0.0.1:7470"

    func command(origin: String? = "http://127.0.0.1:7470", contentType: String? = "application/json",
                 header: String? = "1", session: Bool = true) -> RequestFacts {
        RequestFacts(method: "POST", path: "/api/command", host: host, origin: origin, contentType: contentType,
                     customHeader: header, hasSession: session)
    }

    @Test func loopbackNamesWithThePortPass() {
        for name in ["127.0.0.1:7470", "localhost:7470", "LOCALHOST:7470", "[::1]:7470"] {
            #expect(gate.refusal(for: RequestFacts(method: "GET", path: "/", host: name, hasSession: true)) == nil, "\(name)")
        }
    }

    @Test func anotherHostIsMisdirected() {
        for name in ["evil.example", "evil.example:7470", "127.0.0.1", "127.0.0.1:80", "localhost.evil.example:7470", ""] {
            #expect(gate.refusal(for: RequestFacts(method: "GET", path: "/", host: name, hasSession: true))?.status == 421, "\(name)")
        }
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: "/", host: nil, hasSession: true))?.status == 421)
    }

    @Test func aConfiguredAddressIsAcceptedBesideLoopback() throws {
        let lan = try ListenAddress.parse("192.168.1.5:8080").get()
        let hosts = AcceptedHosts(listen: lan)
        #expect(hosts.accepts(host: "192.168.1.5:8080"))
        #expect(hosts.accepts(host: "localhost:8080"))
        #expect(!hosts.accepts(host: "192.168.1.6:8080"))
        #expect(!AcceptedHosts(listen: try ListenAddress.parse("0.0.0.0:8080").get()).accepts(host: "0.0.0.0:8080"))
    }

    @Test func noSessionIsUnauthorized() {
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: "/", host: host))?.status == 401)
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: "/app.js", host: host))?.status == 401)
        #expect(gate.refusal(for: command(session: false))?.status == 401)
    }

    @Test func theLoginNeedsNoSession() {
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: "/login", host: host)) == nil)
        #expect(gate.refusal(for: RequestFacts(method: "POST", path: "/login", host: host, origin: origin))?.status == 405)
    }

    @Test func aCommandNeedsItsOriginHeaderAndJSON() {
        #expect(gate.refusal(for: command()) == nil)
        #expect(gate.refusal(for: command(contentType: "application/json; charset=utf-8")) == nil)
        #expect(gate.refusal(for: command(origin: "http://evil.example"))?.status == 403)
        #expect(gate.refusal(for: command(origin: nil))?.status == 403)
        #expect(gate.refusal(for: command(origin: "null"))?.status == 403)
        #expect(gate.refusal(for: command(origin: "https://127.0.0.1:7470"))?.status == 403)
        #expect(gate.refusal(for: command(header: nil))?.status == 403)
        #expect(gate.refusal(for: command(header: "0"))?.status == 403)
        #expect(gate.refusal(for: command(contentType: "text/plain"))?.status == 415)
        #expect(gate.refusal(for: command(contentType: "application/x-www-form-urlencoded"))?.status == 415)
        #expect(gate.refusal(for: command(contentType: nil))?.status == 415)
    }

    @Test func theWebSocketNeedsItsOrigin() {
        let ws = RequestFacts(method: "GET", path: "/ws", host: host, origin: origin, hasSession: true)
        #expect(gate.refusal(for: ws) == nil)
        var evil = ws
        evil.origin = "http://evil.example"
        #expect(gate.refusal(for: evil)?.status == 403)
        evil.origin = nil
        #expect(gate.refusal(for: evil)?.status == 403)
    }

    @Test func anyOtherStateChangeIsRefused() {
        let put = RequestFacts(method: "PUT", path: "/index.html", host: host, origin: origin, hasSession: true)
        #expect(gate.refusal(for: put)?.status == 405)
        let get = RequestFacts(method: "GET", path: "/api/command", host: host, origin: origin, hasSession: true)
        #expect(gate.refusal(for: get)?.status == 405)
    }

    /// The world clocks (`/api/world`) are saved from the world page as the face's settings are.
    @Test(arguments: ["/api/clock", "/api/location", "/api/world"])
    func theSettingsAreReadLikeAPageAndChangedLikeACommand(path: String) {
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: path, host: host, hasSession: true)) == nil)
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: path, host: host))?.status == 401)
        func change(origin: String? = "http://127.0.0.1:7470", header: String? = "1", type: String? = "application/json") -> Int? {
            gate.refusal(for: RequestFacts(method: "POST", path: path, host: host, origin: origin, contentType: type,
                                           customHeader: header, hasSession: true))?.status
        }
        #expect(change() == nil)
        #expect(change(origin: "http://evil.example") == 403)
        #expect(change(header: nil) == 403)
        #expect(change(type: "text/plain") == 415)
        #expect(gate.refusal(for: RequestFacts(method: "PUT", path: path, host: host, origin: origin, hasSession: true))?.status == 405)
    }

    @Test func theComputedReadingsAreReadOnlyAndNeedASession() {
        for path in ["/api/mars", "/api/mars/sites", "/api/iss", "/api/iss/track", "/api/iss/passes", "/api/life/poster.svg"] {
            #expect(gate.refusal(for: RequestFacts(method: "GET", path: path, host: host, hasSession: true)) == nil, "\(path)")
            #expect(gate.refusal(for: RequestFacts(method: "GET", path: path, host: host))?.status == 401, "\(path)")
            #expect(gate.refusal(for: RequestFacts(method: "POST", path: path, host: host, origin: origin, contentType: "application/json",
                                                   customHeader: "1", hasSession: true))?.status == 405, "\(path)")
        }
    }
}
