/// The world's land on an equirectangular grid: `cellsPerDegree` cells a degree, row 0 the band below 90° N,
/// column 0 the band east of 180° W. Decoded once from the text `scripts/make-land-mask` generates from Natural
/// Earth's public-domain 1:110m countries (`LandMask+Data.swift`; docs/satellites.md says how to regenerate it).
public struct LandMask: Sendable, CustomStringConvertible {
    public let columns: Int
    public let rows: Int
    private let cells: [Bool]

    /// The mask shipped with the program. The data is generated and checked by a unit test, so a failure to
    /// decode is a build that must not ship.
    public static let world: LandMask = {
        guard let mask = LandMask(encoded: encoded, cellsPerDegree: cellsPerDegree) else {
            preconditionFailure("LandMask+Data.swift does not decode: run scripts/make-land-mask again")
        }
        return mask
    }()

    /// Decodes rows of run lengths (sea, land, sea, … each row's last run implied by its width), written in base
    /// 32: `A`–`Z`, `a`–`f` end a number, `g`–`z`, `0`–`9`, `+`, `/` are its leading digits; `.` ends a row;
    /// any other byte (the literal's line breaks and indent) is skipped. Nil when a row overflows, a number is
    /// cut off by a row's end, or the rows are not 180 degrees' worth.
    init?(encoded: String, cellsPerDegree: Int) {
        (columns, rows) = (360 * cellsPerDegree, 180 * cellsPerDegree)
        var cells: [Bool] = []
        cells.reserveCapacity(columns * rows)
        var (value, inNumber, land, rowStart) = (0, false, false, 0)
        for byte in encoded.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !inNumber else { return nil }
                cells += repeatElement(land, count: rowStart + columns - cells.count)
                (land, rowStart) = (false, cells.count)
            } else if let digit = Self.digit(byte) {
                (value, inNumber) = (value * 32 + digit.value, !digit.final)
                guard cells.count + value <= rowStart + columns else { return nil }
                guard digit.final else { continue }
                cells += repeatElement(land, count: value)
                (value, land) = (0, !land)
            }
        }
        guard cells.count == columns * rows else { return nil }
        self.cells = cells
    }

    /// Whether the cell holding the place is land; longitudes wrap, latitudes are clamped to the poles.
    public func isLand(latitude: Double, longitude: Double) -> Bool {
        let across = Double(columns) / 360
        var column = Int(((longitude + 180) * across).rounded(.down)) % columns
        if column < 0 { column += columns }
        let row = min(rows - 1, max(0, Int(((90 - latitude) * across).rounded(.down))))
        return cells[row * columns + column]
    }

    /// The size, not the cells: a failed test's message stays short.
    public var description: String { "LandMask(\(columns) x \(rows) cells)" }

    private static func digit(_ byte: UInt8) -> (value: Int, final: Bool)? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): (Int(byte - UInt8(ascii: "A")), true)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): (Int(byte - UInt8(ascii: "a")) + 26, true)
        case UInt8(ascii: "g")...UInt8(ascii: "z"): (Int(byte - UInt8(ascii: "g")), false)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): (Int(byte - UInt8(ascii: "0")) + 20, false)
        case UInt8(ascii: "+"): (30, false)
        case UInt8(ascii: "/"): (31, false)
        default: nil
        }
    }
}
