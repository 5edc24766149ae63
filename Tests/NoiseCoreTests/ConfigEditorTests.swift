import Testing

@testable import NoiseConfig
@testable import NoiseCore

@Suite("config.toml editor")
struct ConfigEditorTests {
    /// The edited text, for tests whose input is valid.
    func edit(_ text: String, _ changes: [ConfigEditor.Change]) throws -> String {
        String(decoding: try ConfigEditor.applying(changes, to: Array(text.utf8), home: "/home/ada"), as: UTF8.self)
    }

    func editError(_ text: String, _ changes: [ConfigEditor.Change]) -> ConfigEditError? {
        do {
            _ = try ConfigEditor.applying(changes, to: Array(text.utf8), home: "/home/ada")
            return nil
        } catch {
            return error
        }
    }

    static let handWritten = """
        # my settings
        [audio]
        device = "pulse"   # the speakers

        [clock]   # noisectl clock
        seconds = false    # not at night
        \tformat  =  "24h"

        # the end
        [log]
        level = "debug"

        """

    @Test func replacesInPlaceKeepingCommentsAndSpacing() throws {
        let edited = try edit(Self.handWritten, [("clock.seconds", .boolean(true)), ("audio.device", .string("null"))])
        #expect(
            edited
                == Self.handWritten
                .replacing("seconds = false    # not at night", with: "seconds = true    # not at night")
                .replacing(#"device = "pulse"   # the speakers"#, with: #"device = "null"   # the speakers"#))
    }

    @Test func addsAMissingKeyAfterTheLastKeyOfItsTable() throws {
        let edited = try edit(Self.handWritten, [("clock.date", .boolean(true))])
        // Indented like the table's last key, before the comment and blank line that end the block.
        #expect(
            edited
                == Self.handWritten.replacing("\tformat  =  \"24h\"\n", with: "\tformat  =  \"24h\"\n\tdate = true\n"))
    }

    @Test func addsToAnEmptyTableRightAfterItsHeader() throws {
        let edited = try edit(
            "[world] # zones\n\n[log]\nlevel = \"info\"\n", [("world.zones", .array([.string("Asia/Tokyo")]))])
        #expect(edited == "[world] # zones\nzones = [\"Asia/Tokyo\"]\n\n[log]\nlevel = \"info\"\n")
    }

    @Test func appendsAMissingTable() throws {
        let edited = try edit(Self.handWritten, [("world.zones", .array([.string("Europe/Berlin")]))])
        #expect(edited == Self.handWritten + "\n[world]\nzones = [\"Europe/Berlin\"]\n")
        let noFinalNewline = try edit("[log]\nlevel = \"info\"", [("clock.seconds", .boolean(true))])
        #expect(noFinalNewline == "[log]\nlevel = \"info\"\n\n[clock]\nseconds = true\n")
    }

    @Test func anEmptyFileGetsTheTable() throws {
        let edited = try edit("", [("clock.seconds", .boolean(true)), ("clock.theme", .string("night"))])
        #expect(edited == "[clock]\nseconds = true\ntheme = \"night\"\n")
        let check = ConfigFile.read(Array(edited.utf8), home: "/")
        #expect(check.problems.isEmpty && check.settings.clock.theme == .night)
    }

    @Test func topLevelDottedKeysAreEditedAndExtendedInPlace() throws {
        let text = "clock.seconds = false # top level\n\n[log]\nlevel = \"info\"\n"
        #expect(
            try edit(text, [("clock.seconds", .boolean(true))])
                == "clock.seconds = true # top level\n\n[log]\nlevel = \"info\"\n")
        // A [clock] header would define the table twice, so the new key is dotted too.
        #expect(
            try edit(text, [("clock.date", .boolean(true))])
                == "clock.seconds = false # top level\nclock.date = true\n\n[log]\nlevel = \"info\"\n")
    }

    @Test func arrayValuesReplaceEvenAMultiLineArray() throws {
        let text =
            "[world]\nzones = [\n  \"Asia/Tokyo\", # home ]\n  \"Europe/Rome\",\n] # trips\n[log]\nlevel = \"info\"\n"
        let edited = try edit(text, [("world.zones", .array([.string("Europe/Berlin"), .string("Asia/Kolkata")]))])
        #expect(edited == "[world]\nzones = [\"Europe/Berlin\", \"Asia/Kolkata\"] # trips\n[log]\nlevel = \"info\"\n")
        let added = try edit(text, [("world.zones", .array([]))])
        #expect(added.hasPrefix("[world]\nzones = [] # trips\n"))
    }

    @Test func aKeyAfterAMultiLineArrayGoesAfterTheArray() throws {
        let text = "[sounds]\nfolders = [\n  \"/srv/a\",\n]\n"
        #expect(try edit(text, [("clock.date", .boolean(true))]) == text + "\n[clock]\ndate = true\n")
        let clock = "[clock]\ncolor = \"red\"\n[world]\nzones = [\n  \"Asia/Tokyo\",\n]\n"
        #expect(
            try edit(clock, [("clock.date", .boolean(true))])
                == "[clock]\ncolor = \"red\"\ndate = true\n[world]\nzones = [\n  \"Asia/Tokyo\",\n]\n")
    }

    @Test func stringsAreQuotedAndEscaped() throws {
        let edited = try edit("[clock]\ncolor = 'red' # literal\n", [("clock.color", .string("#FF8800"))])
        #expect(edited == "[clock]\ncolor = \"#FF8800\" # literal\n")
    }

    @Test func crlfFilesGetCRLFLines() throws {
        let edited = try edit(
            "[log]\r\nlevel = \"info\"\r\n", [("log.level", .string("debug")), ("clock.date", .boolean(true))])
        #expect(edited == "[log]\r\nlevel = \"debug\"\r\n\r\n[clock]\r\ndate = true\r\n")
    }

    @Test func aSyntaxErrorIsRefusedWithItsLine() throws {
        let error = try #require(editError("[audio]\ndevice = pulse\n", [("clock.date", .boolean(true))]))
        #expect(error.reason == .fileHasProblems)
        #expect(error.problems.first?.line == 2)
        let message = error.message(file: "/home/ada/.config/noised/config.toml")
        #expect(message.hasPrefix("/home/ada/.config/noised/config.toml line 2: expected a value"))
        #expect(message.hasSuffix("fix it first ('noised --check-config' lists every problem), nothing was saved"))
    }

    @Test func aFileWithAnUnknownKeyIsRefusedToo() throws {
        let error = try #require(editError("[clock]\nsecond = true\n", [("clock.date", .boolean(true))]))
        #expect(error.reason == .fileHasProblems)
        #expect(
            error.description.contains("config.toml line 2: clock.second: unknown key; did you mean clock.seconds?"))
    }

    @Test func aChangeThatWouldMakeTheFileInvalidIsRefused() throws {
        let badColor = try #require(editError(Self.handWritten, [("clock.color", .string("reddish"))]))
        #expect(badColor.reason == .changeIsInvalid)
        #expect(badColor.problems.first?.key == "clock.color")
        #expect(badColor.description.hasPrefix("cannot save that to config.toml: clock.color: must be a colour name"))
        #expect(badColor.description.hasSuffix("nothing was saved"))

        let zones = (0...ConfigLimits.maxWorldZones).map { TOMLValue.string("Area/City\($0)") }
        let tooMany = try #require(editError("", [("world.zones", .array(zones))]))
        #expect(tooMany.reason == .changeIsInvalid)
        #expect(tooMany.description.contains("at most \(ConfigLimits.maxWorldZones) zone names"))

        let unknownKey = try #require(editError("", [("clock.colour", .string("red"))]))
        #expect(unknownKey.description.contains("clock.colour: unknown key; did you mean clock.color?"))
    }

    @Test func settingTheSameValueTwiceGivesTheSameBytes() throws {
        let changes: [ConfigEditor.Change] = [
            ("world.zones", .array([.string("Asia/Tokyo")])), ("clock.seconds", .boolean(true)),
        ]
        let once = try edit(Self.handWritten, changes)
        #expect(try edit(once, changes) == once)
        // A value already there as the user spelled it is left alone.
        let literal = "[clock]\ncolor = 'red'\n"
        #expect(try edit(literal, [("clock.color", .string("red"))]) == literal)
    }

    @Test func aByteOrderMarkAndAQuotedKeyAreKept() throws {
        let text = "\u{FEFF}\"clock\".seconds = false\n"
        #expect(try edit(text, [("clock.seconds", .boolean(true))]) == "\u{FEFF}\"clock\".seconds = true\n")
    }
}
