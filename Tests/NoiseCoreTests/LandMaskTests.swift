import Testing

@testable import ClockFace

/// The world map's land, decoded from the text scripts/make-land-mask generated from Natural Earth.
@Suite("Land mask")
struct LandMaskTests {
    @Test func theShippedMaskDecodesToHalfDegreeCells() {
        let (columns, rows) = (LandMask.world.columns, LandMask.world.rows)
        #expect(columns == 720 && rows == 360)
    }

    @Test(arguments: [
        (2.0, 20.0, "central Africa"), (45.0, 80.0, "central Asia"), (-15.0, -55.0, "Brazil"),
        (40.0, -100.0, "the Great Plains"), (-25.0, 135.0, "central Australia"), (-85.0, 0.0, "Antarctica"),
        (75.0, -40.0, "Greenland"), (65.0, 100.0, "Siberia"), (48.0, 2.0, "France"),
    ])
    func land(_ latitude: Double, _ longitude: Double, _ place: String) {
        // The answer alone: the mask in an expectation would be printed whole when it fails.
        let land = LandMask.world.isLand(latitude: latitude, longitude: longitude)
        #expect(land, "\(place) is land")
    }

    @Test(arguments: [
        (0.0, -150.0, "the mid-Pacific"), (30.0, -40.0, "the mid-Atlantic"), (-30.0, 80.0, "the Indian Ocean"),
        (-60.0, -60.0, "the Drake Passage"), (85.0, 0.0, "the Arctic Ocean"), (43.5, 34.0, "the Black Sea"),
        (0.0, 179.99, "the Pacific at the date line"), (0.0, -180.0, "the Pacific at the date line, west"),
    ])
    func sea(_ latitude: Double, _ longitude: Double, _ place: String) {
        let land = LandMask.world.isLand(latitude: latitude, longitude: longitude)
        #expect(!land, "\(place) is sea")
    }

    @Test func longitudesWrapAndLatitudesStopAtThePoles() {
        let mask = LandMask.world
        let wrapped = (mask.isLand(latitude: 2, longitude: 20 + 360), mask.isLand(latitude: 2, longitude: 20 - 720))
        #expect(wrapped == (true, true))
        let poles = (mask.isLand(latitude: -95, longitude: 0), mask.isLand(latitude: 95, longitude: 0))
        #expect(poles == (true, false))
    }

    @Test func runsAreSeaThenLandAndABadTextIsRefused() throws {
        // At a cell a degree: row 0 is 10 sea (K) then land to the end (the implied last run); row 1 no sea (A),
        // 11 land (L), then sea; row 2 is 32 sea (h, A: 1 × 32 + 0), then land; the rest all sea.
        let rows = ["K.", "AL.", "hA."] + Array(repeating: ".", count: 177)
        let mask = try #require(LandMask(encoded: rows.joined(separator: "\n  "), cellsPerDegree: 1))
        #expect(!mask.isLand(latitude: 89.5, longitude: -175.5) && mask.isLand(latitude: 89.5, longitude: -169.5))
        #expect(mask.isLand(latitude: 89.5, longitude: 179.5))
        #expect(mask.isLand(latitude: 88.5, longitude: -179.5) && mask.isLand(latitude: 88.5, longitude: -169.5))
        #expect(!mask.isLand(latitude: 88.5, longitude: -168.5))
        #expect(!mask.isLand(latitude: 87.5, longitude: -148.5) && mask.isLand(latitude: 87.5, longitude: -147.5))
        #expect(!mask.isLand(latitude: -89.5, longitude: 0))
        let sea = Array(repeating: ".", count: 179).joined()
        #expect(LandMask(encoded: "lpA." + sea, cellsPerDegree: 1) == nil, "a run past the row's end")
        #expect(LandMask(encoded: "p." + sea, cellsPerDegree: 1) == nil, "a number cut off by the row's end")
        #expect(LandMask(encoded: sea, cellsPerDegree: 1) == nil, "a row short")
    }
}
