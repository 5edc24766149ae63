import NIOCore
import Testing
@testable import NoiseDaemon

@Suite("quick lines and idle sweep")
struct QuickLinesTests {
    /// Answers `ping` with `pong`; `half` appends something and then declines; everything else is declined.
    private func answer(_ text: String, maxLineBytes: Int = 100) -> (QuickLines.Outcome, String) {
        var replies = ByteBuffer()
        let outcome = Array(text.utf8).withUnsafeBytes { bytes in
            QuickLines.answer(bytes, maxLineBytes: maxLineBytes, with: { line, reply in
                switch String(decoding: line, as: UTF8.self) {
                case "ping": reply.writeString("pong"); return true
                case "half": reply.writeString("garbage"); return false
                default: return false
                }
            }, into: &replies)
        }
        return (outcome, String(buffer: replies))
    }

    @Test func answersEveryWholeLineAndLeavesAnUnfinishedOne() {
        let (outcome, replies) = answer("ping\r\nping\npi")
        #expect(outcome == .init(consumed: 11, needsConversation: false))
        #expect(replies == "pong\npong\n")
    }

    @Test func stopsAtTheFirstLineItCannotAnswerAndDropsWhatThatLineWrote() {
        let (outcome, replies) = answer("ping\nhalf\nping\n")
        #expect(outcome == .init(consumed: 5, needsConversation: true))
        #expect(replies == "pong\n")
        #expect(answer("{\"cmd\":\"play\"}\n").0 == .init(consumed: 0, needsConversation: true))
    }

    @Test func aLineOverTheLimitGoesToTheFullPathWithOrWithoutItsNewline() {
        #expect(answer("ping\n123456789\n", maxLineBytes: 8).0 == .init(consumed: 5, needsConversation: true))
        #expect(answer("ping\n123456789", maxLineBytes: 8).0 == .init(consumed: 5, needsConversation: true))
        #expect(answer("12345678", maxLineBytes: 8).0 == .init(consumed: 0, needsConversation: false))
    }

    @Test func theIdleDeadlineIsTheEarliestAndOnlyMovesWhenSwept() {
        var sweep = IdleSweep(timeoutMilliseconds: 1000)
        #expect(sweep.waitLimit(at: 0) == -1)
        #expect(sweep.waitLimit(at: 0, or: 40) == 40)
        sweep.watch(lastHeard: 500)
        sweep.watch(lastHeard: 200)
        #expect(sweep.waitLimit(at: 300) == 900)
        #expect(!sweep.isDue(at: 1199) && sweep.isDue(at: 1200))
        #expect(sweep.hasExpired(lastHeard: 200, at: 1200) && !sweep.hasExpired(lastHeard: 500, at: 1200))
        sweep.begin()
        sweep.watch(lastHeard: 500)
        #expect(sweep.due == 1500)
        #expect(sweep.waitLimit(at: 1600) == 0)
        #expect(IdleSweep(timeoutMilliseconds: .max / 2).waitLimit(at: 0, or: .max - 1) == Int32.max)
    }
}
