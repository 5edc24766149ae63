import Testing

@testable import NoiseCatalog
@testable import NoiseCore

@Suite("Catalog parsing and validation")
struct CatalogParserTests {
    func parse(_ text: String) -> CatalogParser.Result {
        CatalogParser.parse(Array(text.utf8), source: "cat.json")
    }

    let good = #"{"id":"rain","name":"Heavy rain","category":"nature","file":"rain.mp3","kind":"loop"}"#

    @Test func readsAGoodCatalog() {
        let result = parse(
            #"{"version":1,"sounds":[\#(good),{"id":"beep","name":"Beep","category":"alarm","file":"a/beep.mp3","kind":"alarm"}]}"#
        )
        #expect(result.problems.isEmpty)
        #expect(
            result.entries == [
                SoundEntry(id: "rain", name: "Heavy rain", category: "nature", file: "rain.mp3", kind: .loop),
                SoundEntry(id: "beep", name: "Beep", category: "alarm", file: "a/beep.mp3", kind: .alarm),
            ])
    }

    @Test func aFileThatIsNotJSONIsOneProblem() {
        let result = parse("this is not json")
        #expect(result.entries.isEmpty)
        #expect(result.problems.count == 1)
        #expect(result.problems[0].index == nil)
        #expect(result.problems[0].description.hasPrefix("cat.json: not valid JSON"))
    }

    @Test func theWrongShapeIsOneProblem() {
        #expect(parse(#"[1,2]"#).problems.first?.reason.contains("expected an object") == true)
        #expect(parse(#"{"version":1}"#).problems.first?.reason.contains("expected an object") == true)
    }

    @Test(arguments: [
        (#"{"id":"Rain","name":"R","category":"nature","file":"r.mp3","kind":"loop"}"#, "lowercase letters"),
        (#"{"id":"1rain","name":"R","category":"nature","file":"r.mp3","kind":"loop"}"#, "starting with a letter"),
        (#"{"id":"","name":"R","category":"nature","file":"r.mp3","kind":"loop"}"#, "must not be empty"),
        (
            #"{"id":"a-very-long-identifier-that-goes-on-and-on","name":"R","category":"n","file":"r.mp3","kind":"loop"}"#,
            "longer than 32"
        ),
        (#"{"name":"R","category":"nature","file":"r.mp3","kind":"loop"}"#, "'id' is missing"),
        (#"{"id":"r","name":"","category":"nature","file":"r.mp3","kind":"loop"}"#, "name must not be empty"),
        (#"{"id":"r","name":"R","category":"Nature!","file":"r.mp3","kind":"loop"}"#, "category"),
        (#"{"id":"r","name":"R","category":"nature","file":"../etc/passwd","kind":"loop"}"#, "'..'"),
        (#"{"id":"r","name":"R","category":"nature","file":"/abs.mp3","kind":"loop"}"#, "relative"),
        (#"{"id":"r","name":"R","category":"nature","file":"r.mp3","kind":"song"}"#, "not loop or alarm"),
        (
            #"{"id":"r","name":"R","category":"nature","file":"r.mp3","kind":"loop","catagory":"x"}"#,
            "unknown field 'catagory'"
        ),
        (#""just a string""#, "must be an object"),
    ])
    func aBadEntryIsReportedWithItsPositionAndTheOthersKept(_ entry: String, _ reason: String) {
        let result = parse(#"{"version":1,"sounds":[\#(good),\#(entry)]}"#)
        #expect(result.entries.map(\.id) == ["rain"])
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.index == 1)
        #expect(result.problems.first?.reason.contains(reason) == true, "\(result.problems.first?.reason ?? "none")")
    }

    @Test func entriesRememberTheirPositionInTheFile() {
        let result = parse(
            #"{"version":1,"sounds":[1,\#(good),"x",{"id":"fan","name":"Fan","category":"noise","file":"f.mp3","kind":"loop"}]}"#
        )
        #expect(result.entries.map(\.id) == ["rain", "fan"])
        #expect(result.positions == [1, 3])
    }

    @Test func duplicatesKeepTheFirst() {
        let result = parse(#"{"version":1,"sounds":[\#(good),\#(good)]}"#)
        #expect(result.entries.count == 1)
        #expect(
            result.problems.map(\.description) == ["cat.json: sounds[1]: duplicate id 'rain'; the first one is kept"])
    }

    @Test func aWrongVersionIsReportedButRead() {
        let result = parse(#"{"version":2,"sounds":[\#(good)]}"#)
        #expect(result.entries.count == 1)
        #expect(result.problems.first?.reason.contains("'version' must be 1") == true)
    }
}

@Suite("Sound library")
struct SoundLibraryTests {
    func library() -> SoundLibrary {
        var library = SoundLibrary()
        let builtin = CatalogParser.Result(
            entries: [
                SoundEntry(id: "rain", name: "Rain", category: "nature", file: "rain.mp3", kind: .loop),
                SoundEntry(id: "brown", name: "Brown", category: "noise", file: "brown.mp3", kind: .loop),
            ], problems: [])
        library.add(
            builtin, folder: "/usr/share/noiseclock/sounds", source: .builtin,
            catalogPath: "/usr/share/noiseclock/sounds.json")
        return library
    }

    @Test func resolvesPathsInTheCatalogFolder() {
        #expect(library().sound(id: "rain")?.path == "/usr/share/noiseclock/sounds/rain.mp3")
        #expect(library().sound(id: "rain")?.source == .builtin)
    }

    @Test func aUserSoundCannotReplaceAnInstalledOne() {
        var library = library()
        let user = CatalogParser.Result(
            entries: [
                SoundEntry(id: "rain", name: "My rain", category: "nature", file: "rain.mp3", kind: .loop),
                SoundEntry(id: "mine", name: "Mine", category: "custom", file: "mine.mp3", kind: .loop),
            ], problems: [])
        library.add(user, folder: "/home/u/.local/share/noised/sounds", source: .user, catalogPath: "/u.json")
        #expect(library.sound(id: "rain")?.entry.name == "Rain")
        #expect(library.sound(id: "mine")?.source == .user)
        #expect(
            library.problems.map(\.description) == [
                "/u.json: sounds[0]: id 'rain' is already an installed sound; skipped"
            ])
    }

    @Test func unknownIdsGetTheClosestSuggestions() {
        #expect(library().unknownSoundError("rian").message == "unknown sound 'rian'; did you mean rain?")
        #expect(library().unknownSoundError("bro").message == "unknown sound 'bro'; did you mean brown?")
        #expect(
            library().unknownSoundError("thunder").message
                == "unknown sound 'thunder'; see 'noisectl sounds' for the list")
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        func distance(_ a: String, _ b: String) -> Int {
            Suggestions.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(distance("rain", "rian") == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3)
        #expect(distance("same", "same") == 0)
    }
}
