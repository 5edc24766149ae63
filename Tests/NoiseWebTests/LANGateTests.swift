import NoiseConfig
import NoiseCore
import NoiseWebCore
import Testing

/// The LAN mode's pure rules (docs/web.md, "The phone on the LAN"): the names it answers to, its gate, the
/// pairing code's lifetime, a device's default name.
@Suite struct LANGateTests {
    let names = LANNames(
        lan: try! ListenAddress.parse("0.0.0.0:7471").get(),
        machineAddresses: ["192.168.1.5", "10.0.0.2", "2001:db8::5"], hostname: "Bedside")

    @Test func aWildcardNamesEveryAddressOfItsFamilyAndTheMDNSName() throws {
        #expect(names.addresses == ["192.168.1.5", "10.0.0.2"])
        #expect(names.dnsNames == ["bedside.local"])
        #expect(names.hosts == ["192.168.1.5:7471", "10.0.0.2:7471", "bedside.local:7471"])
        #expect(names.urlBase == "https://192.168.1.5:7471")
        let both = LANNames(
            lan: try ListenAddress.parse("[::]:7471").get(), machineAddresses: ["2001:db8::5"], hostname: nil)
        #expect(both.hosts == ["[2001:db8::5]:7471"])
        #expect(both.urlBase == "https://[2001:db8::5]:7471")
        let one = LANNames(
            lan: try ListenAddress.parse("127.0.0.2:9000").get(), machineAddresses: ["192.168.1.5"], hostname: "x")
        #expect(one.addresses == ["127.0.0.2"])
        #expect(
            LANNames(lan: try ListenAddress.parse("0.0.0.0:1").get(), machineAddresses: [], hostname: "x").urlBase
                == nil)
    }

    @Test func anOriginMustBeHTTPSAndOneOfTheNames() {
        let hosts = AcceptedHosts(lan: names)
        #expect(hosts.accepts(origin: "https://192.168.1.5:7471"))
        #expect(hosts.accepts(origin: "https://Bedside.local:7471"))
        #expect(!hosts.accepts(origin: "http://192.168.1.5:7471"))
        #expect(!hosts.accepts(origin: "https://192.168.1.6:7471"))
        #expect(!hosts.accepts(host: "127.0.0.1:7471"))
        #expect(!AcceptedHosts(listen: .loopback).accepts(origin: "https://127.0.0.1:7470"))
    }

    @Test func eachListenerHasItsOwnWayIn() {
        let lan = WebGate(hosts: AcceptedHosts(lan: names), lan: true)
        let loopback = WebGate(hosts: AcceptedHosts(listen: .loopback))
        func get(_ path: String, _ gate: WebGate, host: String, session: Bool = false) -> WebRefusal? {
            gate.refusal(for: RequestFacts(method: "GET", path: path, host: host, signIn: session ? .full : .none))
        }
        #expect(get("/pair", lan, host: "192.168.1.5:7471") == nil)
        #expect(get("/ca.crt", lan, host: "192.168.1.5:7471") == nil)
        #expect(get("/login", lan, host: "192.168.1.5:7471")?.status == 404)
        #expect(get("/pair", loopback, host: "127.0.0.1:7470")?.status == 404)
        #expect(get("/login", loopback, host: "127.0.0.1:7470") == nil)
        let unpaired = get("/", lan, host: "192.168.1.5:7471")
        #expect(unpaired?.status == 401 && unpaired?.code == "device_not_paired")
        #expect(get("/", lan, host: "192.168.1.5:7471", session: true) == nil)
        #expect(
            lan.refusal(
                for: RequestFacts(
                    method: "POST", path: "/pair", host: "192.168.1.5:7471",
                    origin: "https://192.168.1.5:7471"))?.status == 405)
    }

    @Test func aPairingCodeLastsLongerThanALoginCode() {
        #expect(OneTimeCodes.staleness(madeAt: 0, now: Limits.pairCodeSeconds, lifetime: Limits.pairCodeSeconds) == nil)
        #expect(
            OneTimeCodes.staleness(madeAt: 0, now: Limits.pairCodeSeconds + 0.01, lifetime: Limits.pairCodeSeconds)
                != nil)
        #expect(OneTimeCodes.staleness(madeAt: 0, now: Limits.pairCodeSeconds) != nil)
    }

    @Test func aDeviceIsNamedByItsBrowserAndSystem() {
        let agents = [
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
                "Chrome on Android"
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
                "Safari on iPhone"
            ),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0", "Firefox on Linux"),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0",
                "Edge on Windows"
            ),
        ]
        for (agent, name) in agents { #expect(DeviceName.summary(userAgent: agent) == name) }
        #expect(DeviceName.summary(userAgent: nil) == "a browser")
    }

    @Test func theLANAddressCannotTakeTheLoopbackPagesPort() throws {
        var settings = WebSettings()
        settings.lan = try ListenAddress.parse("0.0.0.0:\(ConfigLimits.defaultWebPort)").get()
        #expect(settings.lanProblem != nil)
        settings.lan = try ListenAddress.parse("0.0.0.0:\(ConfigLimits.defaultWebLANPort)").get()
        #expect(settings.lanProblem == nil)
    }
}

/// `at` as every API that takes an instant reads it.
@Suite struct InstantQueryTests {
    @Test func atIsUnixSecondsElseNow() throws {
        #expect(try InstantQuery.unix(nil, now: 5).get() == 5)
        #expect(try InstantQuery.unix("1700000000.5", now: 5).get() == 1_700_000_000.5)
        for bad in ["", "noon", "nan", "inf", "1e12", "2024-11-23T14:00:00Z"] {
            guard case .failure(let refusal) = InstantQuery.unix(bad, now: 5) else {
                Issue.record("'\(bad)' was taken")
                continue
            }
            #expect(refusal.status == 400 && refusal.message.contains("Unix seconds"))
        }
    }
}
