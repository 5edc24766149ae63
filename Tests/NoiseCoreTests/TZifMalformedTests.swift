import Foundation
import Testing

@testable import NoiseCore
@testable import NoiseTime

@Suite("Zone rules: malformed TZif")
struct TZifMalformedTests {
    /// A small v2 file: one 32-bit block left empty of transitions, then the 64-bit block and the footer.
    private func tzif(
        version: UInt8 = UInt8(ascii: "2"), transitions: [Int64] = [], indices: [UInt8] = [],
        types: [(Int32, UInt8, UInt8)] = [(3600, 0, 0)], names: String = "ABC\0", footer: String? = "\nABC-1\n"
    ) -> [UInt8] {
        func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        func header(timeCount: Int) -> [UInt8] {
            Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                + [0, 0, 0, UInt32(timeCount), UInt32(types.count), UInt32(names.utf8.count)].flatMap { be(UInt32($0)) }
        }
        let typeBytes = types.flatMap { be($0.0) + [$0.1, $0.2] } + Array(names.utf8)
        var file = header(timeCount: version == 0 ? transitions.count : 0)
        if version == 0 { return file + transitions.flatMap { be(Int32($0)) } + indices + typeBytes }
        file += typeBytes + header(timeCount: transitions.count) + transitions.flatMap { be($0) } + indices + typeBytes
        return file + Array((footer ?? "").utf8)
    }

    @Test func theBuilderMakesValidFiles() throws {
        let types: [(Int32, UInt8, UInt8)] = [(0, 0, 0), (7200, 1, 4)]
        let two = try ZoneRules(
            tzif: tzif(
                transitions: [100, 200], indices: [1, 0], types: types,
                names: "AAA\0BBB\0", footer: "\n\n"), identifier: "x")
        let offsets: [Int] = [two.offset(at: 99), two.offset(at: 100), two.offset(at: 200), two.offset(at: .max)]
        #expect(offsets == [0, 7200, 0, 0])
        #expect(two.abbreviation(at: 150) == "BBB")
        #expect(two.nextTransition(after: 0) == 100 && two.nextTransition(after: 200) == nil)
        // An empty footer, or a version 1 file, leaves the last transition's type in force.
        let one = try ZoneRules(
            tzif: tzif(
                version: 0, transitions: [100], indices: [1], types: types,
                names: "AAA\0BBB\0"), identifier: "x")
        #expect(one.offset(at: .max) == 7200 && one.offset(at: 0) == 0)
        let footer = try ZoneRules(tzif: tzif(), identifier: "x")
        #expect(footer.offset(at: 0) == 3600 && footer.abbreviation(at: 0) == "ABC")
    }

    /// Each case overwrites the first header of Berlin's file at a byte offset.
    @Test(
        arguments: [
            ("bad magic", 0, Array("TZiF".utf8)),
            ("version 1 is spelled NUL, not '1'", 4, Array("1".utf8)),
            ("absurd transition count", 32, [255, 255, 255, 255]),
            ("absurd leap count", 28, [127, 255, 255, 255]),
            ("no types", 36, [0, 0, 0, 0]),
            ("no abbreviation bytes", 40, [0, 0, 0, 0]),
            ("a UT-indicator count that is not the type count", 20, [0, 0, 0, 1]),
        ] as [(String, Int, [UInt8])])
    func refusesABrokenHeader(_ name: String, _ offset: Int, _ patch: [UInt8]) throws {
        var file = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin")).map { $0 }
        file.replaceSubrange(offset..<offset + patch.count, with: patch)
        #expect(throws: ZoneRules.Failure.self, "\(name)") { try ZoneRules(tzif: file, identifier: "x") }
    }

    @Test func refusesBrokenData() {
        let cases: [(String, [UInt8])] = [
            ("descending", tzif(transitions: [200, 100], indices: [0, 0])),
            ("repeated", tzif(transitions: [100, 100], indices: [0, 0])),
            ("missing type", tzif(transitions: [100], indices: [1])),
            ("unterminated name", tzif(names: "ABC")),
            ("name past the end", tzif(types: [(0, 0, 9)])),
            ("offset out of range", tzif(types: [(100_000, 0, 0)])),
            ("DST flag 2", tzif(types: [(0, 2, 0)])),
            ("no footer", tzif(footer: nil)),
            ("unterminated footer", tzif(footer: "\nABC-1")),
            ("garbage footer", tzif(footer: "\nnot a rule\n")),
        ]
        for (name, file) in cases {
            #expect(throws: ZoneRules.Failure.self, "\(name)") { try ZoneRules(tzif: file, identifier: "x") }
        }
    }

    @Test func everyTruncationThrows() throws {
        let file = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/America/New_York")).map { $0 }
        #expect(throws: Never.self) { try ZoneRules(tzif: file, identifier: "x") }
        for length in 0..<file.count {
            let truncated = Array(file[..<length])
            #expect(throws: ZoneRules.Failure.self, "\(length)") { try ZoneRules(tzif: truncated, identifier: "x") }
        }
    }

    /// Random damage must end in a failure or in rules that answer; never a trap.
    @Test func randomDamageNeverTraps() throws {
        let original = [UInt8](try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Dublin")))
        var generator = SplitMix64(state: 99)
        var parsed = 0
        for _ in 0..<3000 {
            var file = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                file[Int.random(in: 0..<file.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            guard let rules = try? ZoneRules(tzif: file, identifier: "x") else { continue }
            parsed += 1
            let june2024 = CivilDate.days(year: 2024, month: 6, day: 1) * 86_400
            let newYear2150 = CivilDate.days(year: 2150, month: 1, day: 1) * 86_400
            for instant in [Int64.min, -1, june2024, newYear2150, .max] {
                #expect((-89_999...93_599).contains(rules.offset(at: instant)))
                if let next = rules.nextTransition(after: instant) { #expect(next > instant) }
            }
        }
        #expect(parsed > 0)
    }
}
