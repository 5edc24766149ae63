import Testing

@testable import LifeCalendar
@testable import NoiseCore
@testable import NoiseProtocol
@testable import NoiseTime

/// Text from outside (an imported diary, a raw request, an editor's file) kept exactly, shown harmlessly and
/// exported so that no reader runs it (issue 37, items 8 and 9; docs/reliability.md).
@Suite("Hostile text")
struct HostileTextTests {
    // MARK: Shown on a terminal

    @Test func controlCharactersAreShownAsCatDashVShowsThem() {
        #expect(VisibleText.terminal("\u{1B}[2Jgone") == "^[[2Jgone")
        #expect(VisibleText.terminal("bell\u{07} del\u{7F} nul\u{00}") == "bell^G del^? nul^@")
        #expect(VisibleText.terminal("csi\u{9B}2J nel\u{85}") == "csi<U+009B>2J nel<U+0085>")
        #expect(VisibleText.terminal("abc\u{202E}fed\u{2066}x\u{2069}") == "abc<U+202E>fed<U+2066>x<U+2069>")
        #expect(VisibleText.terminal("over\rwrite") == "over^Mwrite")
    }

    @Test func ordinaryTextIsUntouchedAndLinesKeepTheirBreaksWhereTheyAreLines() {
        let text = "Café ☀ — 日本\tund \"mehr\"\n\u{200F}עברית\u{200E}"
        #expect(VisibleText.terminal(text, .lines) == text)
        #expect(VisibleText.terminal("one\ntwo\tthree", .line) == "one^Jtwo^Ithree")
        #expect(VisibleText.terminal("dos\r\nline\rcr", .lines) == "dos\r\nline^Mcr")
    }

    // MARK: Kept exactly

    @Test func invalidUTF8AndNULAreRefusedNamingTheByteTheLineAndTheColumn() {
        #expect(UTF8Text.decode(Array("ok ☀\nfine".utf8)) == .success("ok ☀\nfine"))
        let bad = Array("line one\nsé".utf8) + [0xFF] + Array(" rest".utf8)
        #expect(UTF8Text.decode(bad) == .failure(.init(kind: .invalidUTF8, byte: 13, line: 2, column: 3)))
        #expect(
            "\(UTF8Text.Problem(kind: .invalidUTF8, byte: 13, line: 2, column: 3))"
                == "is not valid UTF-8 at byte 13 (line 2, column 3)")
        #expect(
            UTF8Text.decode(Array("before".utf8) + [0] + Array("after".utf8))
                == .failure(.init(kind: .nul, byte: 7, line: 1, column: 7)))
        // Overlong, surrogate, beyond U+10FFFF, truncated: each refused where it begins.
        for sequence: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x98]] {
            #expect(
                UTF8Text.decode([0x61] + sequence) == .failure(.init(kind: .invalidUTF8, byte: 2, line: 1, column: 2)))
        }
        #expect(UTF8Text.nulPosition(in: "before\u{0}after") == 7 && UTF8Text.nulPosition(in: "clean") == nil)
    }

    @Test func aNULInAnyStringArgumentIsRefusedNotCutShort() {
        for request in [
            #"{"cmd":"gratitude_write","args":{"text":"before\u0000after"}}"#,
            #"{"cmd":"habit_add","args":{"name":"Read\u0000ing","minutes":5}}"#,
            #"{"cmd":"gratitude_import","args":{"entries":[{"date":"2026-11-27","text":"\u0000"}]}}"#,
        ] {
            guard case .failure(let failure) = RequestDecoder.decode(Array(request.utf8)) else {
                Issue.record("accepted: \(request)")
                continue
            }
            #expect(
                failure.error.code == .invalidArgument
                    && failure.error.message.contains("NUL character (U+0000) at character"),
                "\(failure.error.message)")
        }
        #expect(
            GratitudeEntry.problem(text: "before\u{0}after")
                == "an entry cannot hold a NUL character (U+0000); there is one at character 7")
    }

    @Test func anImportIsCheckedWholeAndTheFirstProblemNamed() throws {
        let today = try LocalDate.parse("2026-11-27")
        func entry(_ day: String, _ text: String = "Rain") throws -> GratitudeEntry {
            GratitudeEntry(date: try LocalDate.parse(day), text: text, savedAt: 1)
        }
        #expect(DiaryImport.problem([try entry("2026-11-26"), try entry("2026-11-27")], today: today) == nil)
        #expect(
            DiaryImport.problem([try entry("2026-11-26"), try entry("2099-12-31")], today: today)
                == "entry 2 (2099-12-31): 2099-12-31 is after today (2026-11-27); write for today or a day before")
        #expect(
            DiaryImport.problem([try entry("2026-11-20"), try entry("2026-11-21", " \n")], today: today)
                == "entry 2 (2026-11-21): an entry cannot be empty")
        #expect(
            DiaryImport.problem(
                [try entry("2026-11-20"), try entry("2026-11-21"), try entry("2026-11-20")], today: today)
                == "entry 3 (2026-11-20): the day is in the file twice (entry 1 too); one entry a day")
    }

    // MARK: Exported so that no reader runs it

    @Test func csvCellsASpreadsheetWouldRunAreNeutralised() throws {
        for cell in ["=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            #expect(DiaryExport.neutralised(cell) == "'" + cell)
        }
        for cell in ["1+1", "Plain", "a=b", " =1", ""] { #expect(DiaryExport.neutralised(cell) == cell) }
        let entries = [
            GratitudeEntry(date: try LocalDate.parse("2026-11-27"), text: "=HYPERLINK(\"x\",\"y\")", savedAt: 0)
        ]
        #expect(
            DiaryExport.csv(entries)
                == "date,text,saved_at\r\n2026-11-27,\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\",1970-01-01T00:00:00+00:00\r\n"
        )
    }

    @Test func markdownEscapesLinesThatWouldReadAsHeadings() {
        #expect(DiaryMarkdown.escaped("A day\n## 2019-01-09\nfake") == "A day\n\\## 2019-01-09\nfake")
        #expect(
            DiaryMarkdown.escaped("# one\n   ###\n####### many\ntitle\n===\n-\n---  ")
                == "\\# one\n   \\###\n\\####### many\ntitle\n\\===\n\\-\n\\---  ")
        #expect(
            DiaryMarkdown.escaped("#hashtag\n    # code\n- item\n--- x\na\r## after a CR")
                == "#hashtag\n    # code\n- item\n--- x\na\r\\## after a CR")
        #expect(DiaryMarkdown.escaped("\\## was escaped") == "\\\\## was escaped")
    }

    @Test func theMarkdownExportReadsBackAsTheSameEntries() throws {
        let texts = [
            "Plain", "A day\n## 2019-01-09\nfake heading", "\\## already a backslash\n\\\\# two", "# Gratitude diary",
            "ends in blank lines\n\n", "\n\nstarts with them", "setext\n===\nand\n-", "crlf\r\n## x\r\nend",
            "\u{1B}[2J",
        ]
        let entries = try texts.enumerated().map { index, text in
            GratitudeEntry(date: try LocalDate.parse("2026-11-\(10 + index)"), text: text, savedAt: 0)
        }
        let markdown = DiaryExport.markdown(entries)
        #expect(
            markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.count == texts.count,
            "one heading a day, no more")
        #expect(try DiaryMarkdown.entries(markdown) == entries)
        #expect(try DiaryMarkdown.entries(DiaryExport.markdown([])) == [])
    }

    @Test func markdownThatIsNotTheExportIsRefusedWithTheLine() {
        #expect(throws: DiaryMarkdown.Problem(line: 1, reason: "the diary's export begins with '# Gratitude diary'")) {
            try DiaryMarkdown.entries("# Notes\n")
        }
        #expect(throws: DiaryMarkdown.Problem.self) {
            try DiaryMarkdown.entries("# Gratitude diary\n\n## 2026-02-30\n\nx\n")
        }
        do {
            _ = try DiaryMarkdown.entries("# Gratitude diary\n\n## 2026-11-27\n\nok\n### a heading\n")
            Issue.record("an unescaped heading in an entry was read as text")
        } catch {
            #expect(error.line == 6 && error.reason.hasPrefix("a heading that is not a day"), "\(error)")
        }
    }
}
