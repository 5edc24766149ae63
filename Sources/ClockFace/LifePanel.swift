import LifeCalendar

/// The words beside the life grid: the death clock (the days remaining in big digits, as large as the room
/// allows up to `maxScale`), the weeks and percent lived, the expected end, then the day's habit bonus and the
/// last gratitude entry.
enum LifePanel {
    /// Big digits larger than this would outweigh the grid they sit beside.
    static let maxScale = 3

    static func lines(figures: LifeFigures, reading: LifeGridFace.Reading, width: Int, rows: Int) -> [ClockFrame.Span] {
        var words: [ClockFrame.Span] = [.init("days remaining")]
        if figures.daysRemainingSigned < 0 { words.append(.init(LifeText.remaining(figures))) }
        words += [
            .init(""),
            .init(LifeText.weeksLived(figures)),
            .init(LifeText.percent(figures) + " lived"),
            .init("expected end " + figures.expectedEndDate.description, .dim),
        ]
        if let birth = reading.birth {
            words.append(.init("born \(birth) · \(reading.years) years", .dim))
        }
        let daily = daily(reading, width: width)
        if !daily.isEmpty { words += [.init("")] + daily }
        if let note = reading.note { words += [.init(""), .init(note, .dim)] }

        let bitmap = BigDigitFont.bitmap(String(figures.daysRemaining))
        let pixels = bitmap.first?.count ?? 0
        let scale = (1...maxScale).last { scale in
            pixels * scale <= width && BlockRaster.height(of: BigDigitFont.height, scale: scale) + words.count <= rows
        }
        guard let scale else {
            // No room for big digits: the count in plain figures heads the words instead.
            words[0] = .init(LifeText.days(figures.daysRemaining) + " remaining", .digits)
            return Array(words.prefix(rows))
        }
        let digits = BlockRaster.rows(of: bitmap, scale: scale).map { ClockFrame.Span($0, .digits) }
        return Array((digits + words).prefix(rows))
    }

    /// The panel's short form, for a terminal too narrow to put it beside the grid: one line a figure.
    static func compact(figures: LifeFigures, reading: LifeGridFace.Reading) -> [ClockFrame.Span] {
        var words: [ClockFrame.Span] = [
            .init(LifeText.remaining(figures), .digits),
            .init(LifeText.weeksLived(figures) + " · " + LifeText.percent(figures)),
        ]
        if let bonus = reading.bonusMinutes { words.append(.init(LifeText.bonus(bonus))) }
        if let entry = reading.lastEntry {
            words.append(.init("Grateful \(entry.date): " + LifeText.firstLine(entry.text), .dim))
        }
        if let note = reading.note { words.append(.init(note, .dim)) }
        return words
    }

    /// Today's bonus and the last gratitude entry (its date, then its first line cut to `width`), when known.
    static func daily(_ reading: LifeGridFace.Reading, width: Int) -> [ClockFrame.Span] {
        var lines: [ClockFrame.Span] = []
        if let bonus = reading.bonusMinutes { lines.append(.init(LifeText.bonus(bonus))) }
        if let entry = reading.lastEntry {
            lines.append(.init("Grateful, \(entry.date):", .dim))
            lines.append(.init(DisplayWidth.fit(LifeText.firstLine(entry.text), width: width)))
        }
        return lines
    }
}
