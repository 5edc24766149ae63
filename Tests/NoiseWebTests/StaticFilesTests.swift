import Glibc
import NoiseConfig
import NoiseSystem
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
        for path in [
            "/../etc/passwd", "/a/../../b", "/.hidden", "/a//b", "/a/", "//etc/passwd", "/a%2e%2e", "/a b", "app.js",
        ] {
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

    /// Issue 52: a second visit downloads nothing unchanged: the file's validator, and `If-None-Match` read as RFC
    /// 9110 says (a list, weak tags compared weakly, `*`).
    @Test func anUnchangedFileIsNotReadAgain() throws {
        let folder = "/tmp/noiseclock-static-\(getpid())"
        mkdir(folder, 0o700)
        defer { unlink(folder + "/a.js"); rmdir(folder) }
        try LocalFile.replace(folder + "/a.js", with: Array("one".utf8))
        let files = try StaticFiles(root: folder)
        let first = try #require(files.file(at: "/a.js"))
        #expect(first.bytes == Array("one".utf8) && first.tag.hasPrefix("\"") && first.tag.hasSuffix("\""))
        #expect(files.file(at: "/a.js", knownTags: first.tag)?.unchanged == true)
        #expect(files.file(at: "/a.js", knownTags: "\"x\", W/\(first.tag)")?.unchanged == true)
        #expect(files.file(at: "/a.js", knownTags: "*")?.unchanged == true)
        #expect(files.file(at: "/a.js", knownTags: "\"other\"")?.bytes == Array("one".utf8))
        try LocalFile.replace(folder + "/a.js", with: Array("two!".utf8))
        let changed = try #require(files.file(at: "/a.js", knownTags: first.tag))
        #expect(changed.bytes == Array("two!".utf8) && changed.tag != first.tag)
    }

    @Test func listenAddressesAreReadOrRefusedWithAReason() throws {
        #expect(try ListenAddress.parse("127.0.0.1:7470").get() == .loopback)
        #expect(try ListenAddress.parse("localhost:7470").get() == .loopback)
        let v6 = try ListenAddress.parse("[::1]:80").get()
        #expect(v6.isLoopback && v6.description == "[::1]:80" && v6.localURLBase == "http://[::1]:80")
        #expect(try ListenAddress.parse("0.0.0.0:9000").get().localURLBase == "http://127.0.0.1:9000")
        #expect(try !ListenAddress.parse("192.168.1.5:9000").get().isLoopback)
        for bad in [
            "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", "example.com:80", "1.2.3:80", "[::1:80", "256.1.1.1:80",
            ":80",
        ] {
            #expect(throws: ListenAddressError.self, "\(bad)") { try ListenAddress.parse(bad).get() }
        }
    }
}
