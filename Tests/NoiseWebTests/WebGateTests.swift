import NoiseConfig
import NoiseProtocol
import NoiseWebCore
import Testing

@Suite struct WebGateTests {
    let gate = WebGate(hosts: AcceptedHosts(listen: .loopback))
    let host = "127.0.0.1:7470"
    let origin = "http://127.0.0.1:7470"

    func command(
        origin: String? = "http://127.0.0.1:7470", contentType: String? = "application/json",
        header: String? = "1", session: Bool = true
    ) -> RequestFacts {
        RequestFacts(
            method: "POST", path: "/api/command", host: host, origin: origin, contentType: contentType,
            customHeader: header, signIn: session ? .full : .none)
    }

    @Test func loopbackNamesWithThePortPass() {
        for name in ["127.0.0.1:7470", "localhost:7470", "LOCALHOST:7470", "[::1]:7470"] {
            #expect(
                gate.refusal(for: RequestFacts(method: "GET", path: "/", host: name, signIn: .full)) == nil, "\(name)")
        }
    }

    @Test func anotherHostIsMisdirected() {
        for name in [
            "evil.example", "evil.example:7470", "127.0.0.1", "127.0.0.1:80", "localhost.evil.example:7470", "",
        ] {
            #expect(
                gate.refusal(for: RequestFacts(method: "GET", path: "/", host: name, signIn: .full))?.status == 421,
                "\(name)")
        }
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: "/", host: nil, signIn: .full))?.status == 421)
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
        #expect(
            gate.refusal(for: RequestFacts(method: "POST", path: "/login", host: host, origin: origin))?.status == 405)
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
        let ws = RequestFacts(method: "GET", path: "/ws", host: host, origin: origin, signIn: .full)
        #expect(gate.refusal(for: ws) == nil)
        var evil = ws
        evil.origin = "http://evil.example"
        #expect(gate.refusal(for: evil)?.status == 403)
        evil.origin = nil
        #expect(gate.refusal(for: evil)?.status == 403)
    }

    @Test func anyOtherStateChangeIsRefused() {
        let put = RequestFacts(method: "PUT", path: "/index.html", host: host, origin: origin, signIn: .full)
        #expect(gate.refusal(for: put)?.status == 405)
        let get = RequestFacts(method: "GET", path: "/api/command", host: host, origin: origin, signIn: .full)
        #expect(gate.refusal(for: get)?.status == 405)
    }

    /// The world clocks (`/api/world`) are saved from the world page as the face's settings are.
    @Test(arguments: ["/api/clock", "/api/location", "/api/world"])
    func theSettingsAreReadLikeAPageAndChangedLikeACommand(path: String) {
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: path, host: host, signIn: .full)) == nil)
        #expect(gate.refusal(for: RequestFacts(method: "GET", path: path, host: host))?.status == 401)
        func change(
            origin: String? = "http://127.0.0.1:7470", header: String? = "1", type: String? = "application/json"
        ) -> Int? {
            gate.refusal(
                for: RequestFacts(
                    method: "POST", path: path, host: host, origin: origin, contentType: type,
                    customHeader: header, signIn: .full))?.status
        }
        #expect(change() == nil)
        #expect(change(origin: "http://evil.example") == 403)
        #expect(change(header: nil) == 403)
        #expect(change(type: "text/plain") == 415)
        #expect(
            gate.refusal(for: RequestFacts(method: "PUT", path: path, host: host, origin: origin, signIn: .full))?
                .status == 405)
    }

    @Test func theComputedReadingsAreReadOnlyAndNeedASession() {
        for path in [
            "/api/mars", "/api/mars/sites", "/api/iss", "/api/iss/track", "/api/iss/passes", "/api/life/poster.svg",
        ] {
            #expect(
                gate.refusal(for: RequestFacts(method: "GET", path: path, host: host, signIn: .full)) == nil, "\(path)")
            #expect(gate.refusal(for: RequestFacts(method: "GET", path: path, host: host))?.status == 401, "\(path)")
            #expect(
                gate.refusal(
                    for: RequestFacts(
                        method: "POST", path: path, host: host, origin: origin, contentType: "application/json",
                        customHeader: "1", signIn: .full))?.status == 405, "\(path)")
        }
    }

    /// Issue 51, F1: the router reaches `/ws` by `//ws`, `/ws/` and `/ws//`, which the gate took for files; every
    /// spelling with an empty, `.` or `..` segment is refused before either reads it, whatever the route.
    @Test func onlyTheOneSpellingOfAPathGoesOn() {
        for path in [
            "/ws/", "//ws", "/ws//", "/api//command", "/api/command/", "//", "/./ws", "/api/../ws", "/noise.html/",
        ] {
            let facts = RequestFacts(
                method: "GET", path: path, host: host, origin: "http://evil.example", signIn: .full)
            #expect(gate.refusal(for: facts)?.code == "bad_path", "\(path)")
        }
        for path in ["/", "/ws", "/noise.html", "/css/base.css", "/api/mars/sites"] {
            #expect(WebRoute.isCanonical(path), "\(path)")
        }
    }

    /// Issue 51, F2: a replayed cookie without the page's key opens the page's files and nothing else.
    @Test func aCookieAloneOpensOnlyTheFiles() {
        #expect(
            gate.refusal(for: RequestFacts(method: "GET", path: "/noise.html", host: host, signIn: .cookieOnly)) == nil)
        #expect(
            gate.refusal(for: RequestFacts(method: "GET", path: "/api/clock", host: host, signIn: .cookieOnly))?.code
                == "key_required")
        #expect(
            gate.refusal(
                for: RequestFacts(method: "GET", path: "/ws", host: host, origin: origin, signIn: .cookieOnly))?.code
                == "key_required")
        var replay = command()
        replay.signIn = .cookieOnly
        #expect(gate.refusal(for: replay)?.status == 401)
    }

    /// Issue 51, F5: RFC 9112 §3.2's request-target and Host rules, judged on the head as sent.
    @Test func anAbsoluteTargetOrASecondHostIsRefused() {
        #expect(RequestHeadRules.refusal(target: "/api/clock", hostFields: 1) == nil)
        #expect(
            RequestHeadRules.refusal(target: "http://evil.example/api/clock", hostFields: 1)?.code
                == "bad_request_target")
        #expect(RequestHeadRules.refusal(target: "127.0.0.1:7470", hostFields: 1)?.status == 400)
        #expect(RequestHeadRules.refusal(target: "*", hostFields: 1)?.status == 400)
        #expect(RequestHeadRules.refusal(target: "/", hostFields: 2)?.code == "bad_host_header")
        #expect(RequestHeadRules.refusal(target: "/", hostFields: 0)?.code == "bad_host_header")
    }

    /// Issue 51, F4, and issue 52: the registry's allowlist per principal; nothing naming a file on this machine or
    /// the store's recovery, from a page or a paired device.
    @Test func onlyThePagesCommandsAreRelayed() {
        for principal in [Principal.page, .paired] {
            for command in [
                "import", "store_recover", "store_check", "sound_remove", "sound_rename", "subscribe",
                "gratitude_import", "no_such_command",
            ] {
                #expect(PageCommands.refusal(for: command, from: principal)?.code == "not_allowed_here", "\(command)")
                #expect(!PageCommands.allowed(for: principal).contains(command))
            }
            #expect(PageCommands.refusal(for: "dismiss", from: principal) == nil)
            #expect(
                PageCommands.refusal(for: "play", arguments: ["sounds": .array([.string("rain")])], from: principal)
                    == nil)
            #expect(PageCommands.allowed(for: principal).isSuperset(of: ["play", "alarm_add", "gratitude_write"]))
        }
        #expect(Principal.local.may(send: Commands.Import.senders))
    }

    /// Issue 52: a relayed command's arguments are checked by the daemon's own decoder before anything is sent.
    @Test func aRelayedCommandsArgumentsAreCheckedFirst() {
        let refusal = PageCommands.refusal(for: "play", arguments: ["volume": .number(140)], from: .page)
        #expect(refusal?.status == 400)
        #expect(refusal?.code == "invalid_argument")
        #expect(refusal?.message.contains("play needs 'sounds'") == true)
    }

    /// Issue 51, F7: connections are counted in all and per address, and given back.
    @Test func connectionsAreLimitedInAllAndPerAddress() {
        let connections = WebConnections(maxTotal: 3, maxPerAddress: 2)
        #expect(connections.admit("127.0.0.1") == nil && connections.admit("127.0.0.1") == nil)
        #expect(connections.admit("127.0.0.1") != nil)
        #expect(connections.admit("127.0.0.2") == nil)
        #expect(connections.admit("127.0.0.3") != nil)
        connections.release("127.0.0.1")
        #expect(connections.count == 2)
        #expect(connections.admit("127.0.0.1") == nil)
    }

    /// Issue 51, F8: the page a refused navigation gets is dark, and nothing in the message becomes markup.
    @Test func theRefusalPageIsDarkAndEscaped() {
        let page = SmallPage.refusal(WebRefusal(status: 401, code: "x", message: "<script>alert('x')</script> & more"))
        #expect(page.contains("<meta name=\"color-scheme\" content=\"dark\">"))
        #expect(
            !page.contains("<script>") && page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"))
    }
}
