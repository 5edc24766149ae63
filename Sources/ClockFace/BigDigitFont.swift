/// The big clock's digits as a bitmap font. Every digit is the same 3 pixels wide, '1' included, so the time
/// never shifts sideways when a digit changes (11:11 → 12:00); the colon is as tall as the digits.
enum BigDigitFont {
    static let height = 5
    /// Pixels between two glyphs.
    static let gap = 1

    /// The glyph of a digit, ':' or '.' as rows of pixels (`true` = lit); nil for anything else.
    static func glyph(_ character: Character) -> [[Bool]]? {
        guard let rows = glyphs[character] else { return nil }
        return rows.map { $0.map { $0 == "#" } }
    }

    private static let glyphs: [Character: [String]] = [
        "0": ["###", "# #", "# #", "# #", "###"],
        "1": [" # ", "## ", " # ", " # ", "###"],
        "2": ["###", "  #", "###", "#  ", "###"],
        "3": ["###", "  #", "###", "  #", "###"],
        "4": ["# #", "# #", "###", "  #", "  #"],
        "5": ["###", "#  ", "###", "  #", "###"],
        "6": ["###", "#  ", "###", "# #", "###"],
        "7": ["###", "  #", "  #", "  #", "  #"],
        "8": ["###", "# #", "###", "# #", "###"],
        "9": ["###", "# #", "###", "  #", "###"],
        ":": [" ", "#", " ", "#", " "],
        // The stopwatch's tenths.
        ".": [" ", " ", " ", " ", "#"],
        // A blank digit: the tens of a 12-hour clock's hours before 10, so 9:59 → 10:00 does not shift.
        " ": ["   ", "   ", "   ", "   ", "   "],
    ]

    /// The pixels of a whole time string such as `12:05:09`, glyphs side by side with a gap between them.
    static func bitmap(_ text: String) -> [[Bool]] {
        var rows = Array(repeating: [Bool](), count: height)
        for (index, character) in text.enumerated() {
            guard let glyph = glyph(character) else { continue }
            for row in 0..<height {
                if index > 0 { rows[row] += Array(repeating: false, count: gap) }
                rows[row] += glyph[row]
            }
        }
        return rows
    }
}

/// Draws a bitmap with block characters, each pixel `scale` columns wide and `scale` half-rows tall: a cell is
/// about twice as tall as it is wide, so a half-row by a column is close to square, and half blocks ('▀', '▄')
/// give odd scales and the smallest size a clean edge.
enum BlockRaster {
    static func rows(of bitmap: [[Bool]], scale: Int) -> [String] {
        let halfRows = bitmap.count * scale
        let width = (bitmap.first?.count ?? 0) * scale
        return stride(from: 0, to: halfRows, by: 2).map { top in
            String(
                (0..<width).map { column -> Character in
                    let upper = bitmap[top / scale][column / scale]
                    let lower = top + 1 < halfRows && bitmap[(top + 1) / scale][column / scale]
                    switch (upper, lower) {
                    case (true, true): return "█"
                    case (true, false): return "▀"
                    case (false, true): return "▄"
                    case (false, false): return " "
                    }
                })
        }
    }

    /// Rows the bitmap takes at `scale`.
    static func height(of bitmapHeight: Int, scale: Int) -> Int {
        (bitmapHeight * scale + 1) / 2
    }
}
