import NIOCore
import NoiseWire
import Testing

@Suite("line framer")
struct LineFramerTests {
    private func lines(_ framer: inout LineFramer) -> [String] {
        var found: [String] = []
        while case .line(let line) = framer.next() { found.append(String(buffer: line)) }
        return found
    }

    @Test func splitsAtNewlinesAcrossReadsAndDropsACarriageReturn() {
        var framer = LineFramer(maxLength: 100)
        framer.append(ByteBuffer(string: "{\"cmd\":\"ping\"}\r\n{\"cmd\":"))
        #expect(lines(&framer) == ["{\"cmd\":\"ping\"}"])
        #expect(framer.next() == .needMoreData)
        framer.append(ByteBuffer(string: "\"status\"}\n\n"))
        #expect(lines(&framer) == ["{\"cmd\":\"status\"}", ""])
        #expect(framer.finish() == nil)
    }

    @Test func aLineIsRefusedAsSoonAsItPassesTheLimitWithoutANewline() {
        var framer = LineFramer(maxLength: 8)
        framer.append(ByteBuffer(string: "12345678"))
        #expect(framer.next() == .needMoreData)
        framer.append(ByteBuffer(string: "9"))
        #expect(framer.next() == .tooLong)
    }

    @Test func aLineOverTheLimitIsRefusedEvenWhenItsNewlineCameWithIt() {
        var framer = LineFramer(maxLength: 8)
        framer.append(ByteBuffer(string: "ok\n123456789\nnext\n"))
        #expect(lines(&framer) == ["ok"])
        #expect(framer.next() == .tooLong)
    }

    @Test func aLineOfExactlyTheLimitPasses() {
        var framer = LineFramer(maxLength: 8)
        framer.append(ByteBuffer(string: "12345678\n"))
        #expect(lines(&framer) == ["12345678"])
    }

    @Test func theLastLineWithoutANewlineIsStillALine() {
        var framer = LineFramer(maxLength: 8)
        framer.append(ByteBuffer(string: "a\nstop"))
        #expect(lines(&framer) == ["a"])
        #expect(framer.finish().map { String(buffer: $0) } == "stop")
        #expect(framer.finish() == nil)
    }
}
