import NoiseCore

/// A terminal's size in character cells.
public struct TerminalSize: Sendable, Equatable, CustomStringConvertible {
    /// Largest side `--size` accepts, in cells.
    public static let maxCells = 1000

    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)x\(rows)" }

    /// Parses `80x24`, for `--size`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...Self.maxCells).contains(columns), (1...Self.maxCells).contains(rows)
        else { return nil }
        self.init(columns: columns, rows: rows)
    }
}
