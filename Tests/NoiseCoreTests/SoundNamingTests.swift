import Testing

@testable import NoiseCatalog

@Suite("Ids and names made from file names")
struct SoundNamingTests {
    @Test(arguments: [
        ("Ocean Waves.flac", "ocean-waves", "Ocean Waves"), ("/home/me/Music/rain.ogg", "rain", "rain"),
        ("Ocean Waves 2.mp3", "ocean-waves-2", "Ocean Waves 2"), ("__Big__Storm__.wav", "big-storm", "Big  Storm"),
        ("2am drone.opus", "sound-2am-drone", "2am drone"), ("Ünïcode.flac", "n-code", "Ünïcode"),
        ("!!!.wav", "sound", "!!!"), ("no-extension", "no-extension", "no-extension"), (".hidden", "hidden", ".hidden"),
        ("a.b.c.flac", "a-b-c", "a.b.c"),
        (
            "a very long file name that goes on and on.mp3", "a-very-long-file-name-that-goes",
            "a very long file name that goes on and on"
        ),
    ])
    func idsAndNamesAreMadeFromFileNames(_ path: String, _ id: String, _ name: String) {
        #expect(SoundNaming.id(forPath: path) == id)
        #expect(SoundNaming.name(forPath: path) == name)
        #expect(SoundRules.idProblem(SoundNaming.id(forPath: path)) == nil)
        #expect(SoundRules.nameProblem(SoundNaming.name(forPath: path)) == nil)
    }

    @Test func aNameThatIsNoValidNameFallsBackToTheId() {
        #expect(SoundNaming.name(forPath: "/x/___.flac") == "sound")
        #expect(SoundNaming.name(forPath: "/x/tab\there.wav") == "tab-here")
    }

    @Test func aFreeIdIsSuggestedNearATakenOne() {
        let taken: Set = ["ocean-waves", "ocean-waves-2"]
        #expect(SoundNaming.freeID(near: "ocean-waves") { taken.contains($0) } == "ocean-waves-3")
        let long = String(repeating: "a", count: 32)
        #expect(SoundNaming.freeID(near: long) { $0 == long } == String(repeating: "a", count: 30) + "-2")
    }
}

@Suite("Sounds from a plain folder")
struct FolderSoundsTests {
    @Test func audioFilesBecomeLoopsAndClashesAreReported() {
        let files = [
            "b.MP3", "notes.txt", ".hidden.mp3", "A.mp3", "a.mp3", "Sea.flac", "wind.ogg", "fire.opus",
            "hum.wav", "cover.jpg",
        ]
        let result = FolderSounds.entries(files: files, folder: "/f")
        #expect(result.entries.map(\.id) == ["a", "sea", "b", "fire", "hum", "wind"])
        #expect(result.entries.map(\.name) == ["A", "Sea", "b", "fire", "hum", "wind"])
        #expect(result.entries.allSatisfy { $0.kind == .loop && $0.category == "custom" })
        #expect(result.entries.first?.file == "A.mp3")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.description.contains("/f/a.mp3") == true)
    }
}
