import Foundation
import Testing

@testable import ClockFace

/// `noisectl iss map`'s face at a fixed reading (golden frames), and what it must never do.
@Suite("World map face")
struct WorldMapFaceTests {
    /// An ISS-like track (51.6° inclination, 92.9 min, the Earth turning under it) five minutes a point, ±90 min
    /// round a satellite climbing through 38° N 27° E; rounded to 0.01° so that the golden frames do not hang on
    /// the last bits of libm's sines.
    static let track: [WorldMapFace.Point] = (-18...18).map { step in
        let minutes = Double(step * 5)
        let u = (50 + minutes / 92.9 * 360) * .pi / 180
        let inclination = 51.6 * Double.pi / 180
        let latitude = asin(sin(inclination) * sin(u)) * 180 / .pi
        let longitude = atan2(cos(inclination) * sin(u), cos(u)) * 180 / .pi - 5 - minutes * 0.25
        let wrapped = longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        func hundredths(_ degrees: Double) -> Double { (degrees * 100).rounded() / 100 }
        return WorldMapFace.Point(latitude: hundredths(latitude), longitude: hundredths(wrapped))
    }
    static let reading = WorldMapFace.Reading(
        satellite: track[18], track: track, observer: WorldMapFace.Point(latitude: 51.51, longitude: -0.13),
        subsolar: WorldMapFace.Point(latitude: -23, longitude: -60),
        lines: [
            "ISS (ZARYA) over 37.93° N 27.03° E, 420 km up, 7.66 km/s, sunlit",
            WorldMapFace.legend(satellite: "ISS (ZARYA)", observer: "London"), "elements 0.2 days old",
        ])

    @Test(arguments: [(80, 24), (120, 40)])
    func theGoldenMap(_ columns: Int, _ rows: Int) throws {
        let frame = WorldMapFace.render(Self.reading, size: TerminalSize(columns: columns, rows: rows))
        GoldenFrame.check(frame.text, "worldmap-\(columns)x\(rows)")
        #expect(frame.text.count == rows && frame.text.allSatisfy { DisplayWidth.of($0) == columns })
        // The marks stand in the cells their places fall in, worked out here afresh: the map is as wide as fits
        // at four columns a row, 2 dots a column across and 4 a row down, 360° by 180°.
        let mapColumns = min(columns, (rows - 3) * 4)
        let left = (columns - mapColumns) / 2
        for (place, mark) in [(Self.reading.satellite!, "◆"), (Self.reading.observer!, "+")] {
            let column = Int((place.longitude + 180) / 360 * Double(2 * mapColumns)) / 2
            let row = Int((90 - place.latitude) / 180 * Double(mapColumns)) / 4
            let line = Array(frame.text[row].unicodeScalars)
            #expect(String(line[left + column]) == mark, "\(mark) at row \(row), column \(left + column)")
        }
        let mapRows = (mapColumns + 3) / 4
        #expect(frame.text[mapRows].contains("over 37.93° N 27.03° E"))
    }

    @Test func aTrackAcrossTheDateLineRunsOffOneEdgeAndInAtTheOther() throws {
        let reading = WorldMapFace.Reading(
            satellite: nil, track: [.init(latitude: 10, longitude: 170), .init(latitude: 10, longitude: -170)],
            observer: nil, subsolar: .init(latitude: 90, longitude: 0), lines: [])
        let frame = WorldMapFace.render(reading, size: TerminalSize(columns: 80, rows: 20), land: try Self.sea())
        // The Sun over the North Pole: no stipple north of the equator, only the track's dots, at both edges.
        let north = frame.text.prefix(10).map { Array($0.unicodeScalars) }
        let drawn = north.flatMap { line in line.indices.filter { line[$0] != " " } }
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0 < 5 || $0 >= 75 }, "dots at columns \(drawn)")
        #expect(drawn.contains { $0 < 5 } && drawn.contains { $0 >= 75 })
    }

    @Test func theNightSideIsDimAndTheDaySideIsNot() throws {
        let reading = WorldMapFace.Reading(
            satellite: .init(latitude: 0, longitude: 0), track: [], observer: nil,
            subsolar: .init(latitude: 90, longitude: 0), lines: [])
        let frame = WorldMapFace.render(reading, size: TerminalSize(columns: 80, rows: 20), land: try Self.sea())
        #expect(frame.lines[0].allSatisfy { $0.style == .digits })
        #expect(frame.lines[19].allSatisfy { $0.style == .dim })
        #expect(frame.text[19].contains("⠁") && !frame.text[0].contains("⠁"))
        #expect(frame.lines[10].contains { $0.text == "◆" && $0.style == .alert })
    }

    @Test func anySizeGivesWholeLinesAndNoTrap() {
        for (columns, rows) in [(1, 1), (2, 1), (3, 2), (10, 1), (10, 4), (7, 30), (200, 3), (33, 9)] {
            let frame = WorldMapFace.render(Self.reading, size: TerminalSize(columns: columns, rows: rows))
            #expect(frame.text.count == rows && frame.text.allSatisfy { DisplayWidth.of($0) == columns })
        }
    }

    /// A world of sea at one cell a degree, so that only what the test draws shows.
    static func sea() throws -> LandMask {
        try #require(LandMask(encoded: String(repeating: ".", count: 180), cellsPerDegree: 1))
    }
}
