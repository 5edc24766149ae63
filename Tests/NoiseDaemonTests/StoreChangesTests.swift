import Logging
import Testing

@testable import NoiseCore
@testable import NoiseDaemon
@testable import NoiseProtocol

/// The one behaviour of a store change, whichever actor makes it: a refusal answered as `storage_failed` with what
/// could not be done and why, shown by `status` until a change succeeds; a rule the change itself states passes as
/// it is and is not a store problem.
@Suite("Store changes")
struct StoreChangesTests {
    struct DiskFull: Error {}

    let board = StatusBoard()
    var changes: StoreChanges { StoreChanges(board: board, logger: Logger(label: "test")) }

    func shownProblem() -> String? {
        board.publish(
            AlarmsStatus(
                count: 0, next: nil, ringing: [], missed: [], timeZone: "UTC", wakeFromSuspend: true,
                wakeNote: nil, storeProblem: nil, timeZoneProblem: nil, timers: []))
        return board.status().alarms?.storeProblem
    }

    @Test func aRefusalIsAnsweredAndShownUntilAChangeSucceeds() async throws {
        await #expect(throws: ProtocolError.self) {
            try await changes.change("the mix could not be saved") { () async throws -> Int in throw DiskFull() }
        }
        do {
            try await changes.change("the mix could not be saved") { () async throws -> Int in throw DiskFull() }
        } catch {
            #expect(error.code == .storageFailed)
            #expect(error.message.hasPrefix("the mix could not be saved, so nothing changed: "), "\(error.message)")
        }
        #expect(shownProblem()?.hasPrefix("the last change was refused: ") == true)
        #expect(try await changes.change("the alarm could not be saved") { 42 } == 42)
        #expect(shownProblem() == nil)
    }

    @Test func aRuleOfTheDataPassesAsItIsAndIsNoStoreProblem() async throws {
        do {
            try await changes.change("the habit could not be added") { () async throws -> Int in
                throw ProtocolError(.invalidArgument, "a habit is named once")
            }
            Issue.record("no error")
        } catch {
            #expect(error == ProtocolError(.invalidArgument, "a habit is named once"))
        }
        #expect(shownProblem() == nil)
    }

    @Test func aFailedReadSaysWhatCouldNotBeRead() async throws {
        do {
            _ = try await changes.read("the missed alarms") { () async throws -> Int in throw DiskFull() }
            Issue.record("no error")
        } catch {
            #expect(error.code == .storageFailed && error.message.hasPrefix("the missed alarms could not be read: "))
        }
        #expect(shownProblem() == nil)
    }
}
