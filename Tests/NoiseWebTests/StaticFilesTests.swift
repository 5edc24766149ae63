import NoiseConfig
import NoiseWebCore
import Testing

@Suite struct StaticFilesTests {
    @Test func plainPathsAreRead() {
        #expect(StaticFiles.relativePath("/") == "index.html")
        #expect(StaticFiles.relativePath("/app.js") == "app.js")
        #expect(StaticFiles.relativePath("/fonts/a-b_c.css") == "fonts/a-b_c.css")
        #expect(StaticFiles.relativePath("/mars") == "mars.html")
        #expect(StaticFiles.relativePath("/js") == "js.html")
        #expect(StaticFiles.relativePath("/js/face") == "js/face")
    }

    @Test func anythingElseIsNot() {
        for path in ["/../etc/passwd", "/a/../../b", "/.hidden", "/a//b", "/a/", "//etc/passwd", "/a%2e%2e", "/a b", "app.js"] {
            #expect(StaticFiles.relativePath(path) == nil, "\(path)")
        }
    }

    @Test func onlyKnownTypesAreServed() {
        #expect(StaticFiles.contentType(of: "index.html") == "text/html; charset=utf-8")
        #expect(StaticFiles.contentType(of: "app.js") == "text/javascript; charset=utf-8")
        #expect(StaticFiles.contentType(of: "style.CSS") == "text/css; charset=utf-8")
        #expect(StaticFiles.contentType(of: "notes.txt") == nil)
        #expect(StaticFiles.contentType(of: "Makefile") == nil)
    }

    @Test func listenAddressesAreReadOrRefusedWithAReason() throws {
        #expect(try ListenAddress.parse("127.0.0.1:7470").get() == .loopback)
        #expect(try ListenAddress.parse("localhost:7470").get() == .loopback)
        let v6 = try ListenAddress.parse("[::1]:80").get()
        #expect(v6.isLoopback && v6.description == "[::1]:80" && v6.localURLBase == "http://[::1]:80")
        #expect(try ListenAddress.parse("0.0.0.0:9000").get().localURLBase == "http://127.0.0.1:9000")
        #expect(try !ListenAddress.parse("192.168.1.5:9000").get().isLoopback)
        for bad in ["127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", "example.com:80", "1.2.3:80", "[::1:80", "256.1.1.1:80", ":80"] {
            #expect(throws: ListenAddressError.self, "\(bad)") { try ListenAddress.parse(bad).get() }
        }
    }
}
