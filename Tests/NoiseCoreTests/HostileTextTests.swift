import Testing
@testable import LifeCalendar
@testable import NoiseCore
@testable import NoiseProtocol
@testable import NoiseTime

/// Text from outside (an imported diary, a raw request, an editor's file) kept exactly (issue 37, item 8;
/// docs/reliability.md).
@Suite("Hostile text")
struct HostileTextTests {
    // MARK: Kept exactly

    @Test func invalidUTF8AndNULAreRefusedNamingTheByteTheLineAndTheColumn() {
        #expect(UTF8Text.decode(Array("ok ☀\nfine".utf8)) == .success("ok ☀\nfine"))
        let bad = Array("line one\nsé".utf8) + [0xFF] + Array(" rest".utf8)
        #expect(UTF8Text.decode(bad) == .failure(.init(kind: .invalidUTF8, byte: 13, line: 2, column: 3)))
        #expect("\(UTF8Text.Problem(kind: .invalidUTF8, byte: 13, line: 2, column: 3))"
            == "is not valid UTF-8 at byte 13 (line 2, column 3)")
        #expect(UTF8Text.decode(Array("before".utf8) + [0] + Array("after".utf8))
            == .failure(.init(kind: .nul, byte: 7, line: 1, column: 7)))
        // Overlong, surrogate, beyond U+10FFFF, truncated: each refused where it begins.
        for sequence: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x98]] {
            #expect(UTF8Text.decode([0x61] + sequence) == .failure(.init(kind: .invalidUTF8, byte: 2, line: 1, column: 2)))
        }
        #expect(UTF8Text.nulPosition(in: "before\u{0}after") == 7 && UTF8Text.nulPosition(in: "clean") == nil)
    }

    @Test func aNULInAnyStringArgumentIsRefusedNotCutShort() {
        for request in [#"{"cmd":"gratitude_write","args":{"text":"before\u0000after"}}"#,
                        #"{"cmd":"habit_add","args":{"name":"Read\u0000ing","minutes":5}}"#,
                        #"{"cmd":"gratitude_import","args":{"entries":[{"date":"2026-11-27","text":"\u0000"}]}}"#] {
            guard case .failure(let failure) = RequestDecoder.decode(Array(request.utf8)) else {
                Issue.record("accepted: \(request)")
                continue
            }
            #expect(failure.error.code == .invalidArgument && failure.error.message.contains("NUL character (U+0000) at character"),
                    "\(failure.error.message)")
        }
        #expect(GratitudeEntry.problem(text: "before\u{0}after") == "an entry cannot hold a NUL character (U+0000); there is one at character 7")
    }

    @Test func anImportIsCheckedWholeAndTheFirstProblemNamed() throws {
        let today = try LocalDate.parse("2026-11-27")
        func entry(_ day: String, _ text: String = "Rain") throws -> GratitudeEntry {
            GratitudeEntry(date: try LocalDate.parse(day), text: text, savedAt: 1)
        }
        #expect(DiaryImport.problem([try entry("2026-11-26"), try entry("2026-11-27")], today: today) == nil)
        #expect(DiaryImport.problem([try entry("2026-11-26"), try entry("2099-12-31")], today: today)
            == "entry 2 (2099-12-31): 2099-12-31 is after today (2026-11-27); write for today or a day before")
        #expect(DiaryImport.problem([try entry("2026-11-20"), try entry("2026-11-21", " \n")], today: today)
            == "entry 2 (2026-11-21): an entry cannot be empty")
        #expect(DiaryImport.problem([try entry("2026-11-20"), try entry("2026-11-21"), try entry("2026-11-20")], today: today)
            == "entry 3 (2026-11-20): the day is in the file twice (entry 1 too); one entry a day")
    }
}
