import Glibc
import Logging
import NoiseCore
import Testing

@testable import NoiseDaemon

/// One daemon per state folder (issue 20, item 6): the lock refuses a second holder by name, and only the lock,
/// never the file's text, decides.
@Suite("state folder lock")
final class StateFolderLockTests {
    private let folder: String
    private let logger = Logger(label: "test")

    init() {
        var template = Array("/tmp/state-lock-XXXXXX".utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) } + "/noised"
    }

    deinit {
        unlink(folder + "/noised.lock")
        rmdir(folder)
        rmdir(String(folder.dropLast("/noised".count)))
    }

    private var text: String? {
        guard let file = fopen(folder + "/noised.lock", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        let count = fread(&buffer, 1, buffer.count - 1, file)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func aSecondHolderIsRefusedNamingTheFirst() throws {
        let first = try StateFolderLock.take(folder: folder, socketPath: "/run/user/1000/noised/socket", logger: logger)
        #expect(first != nil)
        #expect(text == "pid \(getpid())\nsocket /run/user/1000/noised/socket\n")
        #expect {
            _ = try StateFolderLock.take(folder: self.folder, socketPath: "/tmp/other", logger: self.logger)
        } throws: { error in
            (error as? StartupError)?.description
                == "another noised (pid \(getpid()), socket /run/user/1000/noised/socket) already uses \(self.folder); stop it first"
        }
        // The refused one wrote nothing.
        #expect(text == "pid \(getpid())\nsocket /run/user/1000/noised/socket\n")
        first?.release()
        let next = try StateFolderLock.take(folder: folder, socketPath: "/tmp/other", logger: logger)
        #expect(next != nil)
        #expect(text == "pid \(getpid())\nsocket /tmp/other\n")
    }

    /// Issue 51: a start tells a last run that stopped through its own code (`stopped` written as it let go) from
    /// one killed (its pid left): after a crash the noise plays again.
    @Test func theLockFileTellsAnUncleanEndFromAStop() throws {
        let first = try #require(try StateFolderLock.take(folder: folder, socketPath: "/run/s", logger: logger))
        #expect(!first.lastRunEndedUncleanly, "a first start")
        first.release()
        #expect(text == "stopped\n")
        let second = try #require(try StateFolderLock.take(folder: folder, socketPath: "/run/s", logger: logger))
        #expect(!second.lastRunEndedUncleanly, "after a stop")
        second.release()
        // Killed: the kernel drops the lock and nothing writes over the pid, as this leftover text stands for.
        let file = fopen(folder + "/noised.lock", "w")
        fputs("pid 999999\nsocket /gone/socket\n", file)
        fclose(file)
        let third = try #require(try StateFolderLock.take(folder: folder, socketPath: "/run/s", logger: logger))
        #expect(third.lastRunEndedUncleanly, "after a kill")
        third.release()
    }

    @Test func aLeftoverFileBlocksNothing() throws {
        mkdir(folder, 0o700)
        let file = fopen(folder + "/noised.lock", "w")
        fputs("pid 999999\nsocket /gone/socket\nand more than this lock ever wrote\n", file)
        fclose(file)
        let lock = try StateFolderLock.take(folder: folder, socketPath: "/run/s", logger: logger)
        #expect(lock != nil)
        #expect(text == "pid \(getpid())\nsocket /run/s\n")
    }
}
