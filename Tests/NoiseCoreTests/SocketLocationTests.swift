import Testing

@testable import NoiseCore

/// Where the socket goes and what its folders must be (issue 20, item 3): the folders noised names for itself are
/// the user's own and 0700; a chosen socket's folder is writable by nobody else.
@Suite("Socket location and folder rules")
struct SocketLocationTests {
    @Test func theRuntimeFolderHoldsOnePrivateFolder() {
        let location = XDGPaths(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]).socketLocation(
            option: nil, uid: 1000)
        #expect(location == SocketLocation(path: "/run/user/1000/noised/socket", origin: .runtimeDirectory))
        #expect(location.privateFolders == ["/run/user/1000/noised"])
        #expect(location.anchor == "/run/user/1000")
    }

    @Test func withoutARuntimeFolderBothFoldersInTmpArePrivate() {
        let location = XDGPaths(environment: ["HOME": "/home/u"]).socketLocation(option: nil, uid: 1000)
        #expect(location.path == "/tmp/noised-1000/noised/socket")
        #expect(location.privateFolders == ["/tmp/noised-1000", "/tmp/noised-1000/noised"])
        #expect(location.anchor == "/tmp")
        #expect(location.remedy.contains("XDG_RUNTIME_DIR"))
    }

    @Test func aChosenSocketHasNoFoldersOfNoisedsOwn() {
        let paths = XDGPaths(environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "NOISED_SOCKET": "/srv/n/s"])
        #expect(paths.socketLocation(option: nil, uid: 1000) == SocketLocation(path: "/srv/n/s", origin: .chosen))
        let option = paths.socketLocation(option: "/home/u/noised.sock", uid: 1000)
        #expect(option.origin == .chosen && option.privateFolders.isEmpty && option.anchor == "/home/u")
        #expect(SocketLocation(path: "/s", origin: .chosen).anchor == "/")
    }

    private let folder: UInt32 = 0o040000

    @Test func aPrivateFolderIsTheUsersOwnAndMode0700() {
        let rule = SocketFolderRule.privateToUser
        #expect(rule.problem(folder: "/tmp/noised-1000", owner: 1000, mode: folder | 0o700, user: 1000) == nil)
        #expect(
            rule.problem(folder: "/tmp/noised-1000", owner: 1001, mode: folder | 0o700, user: 1000)
                == "/tmp/noised-1000 is owned by uid 1001, not you (1000): another user could replace the socket")
        // Root's folder is not the user's either: noised names it for the user alone.
        #expect(rule.problem(folder: "/x", owner: 0, mode: folder | 0o700, user: 1000) != nil)
        #expect(
            rule.problem(folder: "/x", owner: 1000, mode: folder | 0o777, user: 1000)
                == "/x has mode 0777, not 0700: another user could replace the socket")
        #expect(
            rule.problem(folder: "/x", owner: 1000, mode: folder | 0o755, user: 1000)
                == "/x has mode 0755, not 0700: it must be private to you")
        #expect(rule.problem(folder: "/x", owner: 1000, mode: folder | 0o1700, user: 1000) != nil)
        #expect(rule.problem(folder: "/x", owner: 1000, mode: 0o100700, user: 1000) == "/x is not a folder")
    }

    @Test func aChosenFolderIsWritableByNobodyElse() {
        let rule = SocketFolderRule.writableOnlyByUser
        #expect(rule.problem(folder: "/home/u", owner: 1000, mode: folder | 0o755, user: 1000) == nil)
        #expect(rule.problem(folder: "/run", owner: 0, mode: folder | 0o755, user: 1000) == nil)
        #expect(rule.problem(folder: "/tmp", owner: 0, mode: folder | 0o1777, user: 1000) == nil)
        #expect(
            rule.problem(folder: "/srv", owner: 1001, mode: folder | 0o700, user: 1000)
                == "/srv is owned by uid 1001, not you (1000) or root: its owner could replace the socket")
        #expect(
            rule.problem(folder: "/home/u", owner: 1000, mode: folder | 0o775, user: 1000)
                == "/home/u has mode 0775: other users can write to it and could replace the socket")
        #expect(rule.problem(folder: "/shared", owner: 0, mode: folder | 0o777, user: 1000) != nil)
    }
}
