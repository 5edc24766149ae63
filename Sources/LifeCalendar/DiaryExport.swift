import NoiseTime

/// The gratitude diary written out for people and other programs: Markdown (a heading a day) and CSV (RFC 4180,
/// with a header). JSON goes through the one JSON path, as `{"entries": [{"date", "text", "saved_at"}]}`, which
/// `gratitude import` reads back, as it reads the Markdown (`DiaryMarkdown`).
///
/// An entry's text may have come from anywhere (an import), so neither format lets it pass for more than text:
/// a line of an entry that Markdown would read as a heading is escaped, and a CSV cell that a spreadsheet would
/// run as a formula is neutralised.
public enum DiaryExport {
    public enum Format: String, Sendable, CaseIterable {
        case markdown, json, csv
    }

    public static let markdownTitle = "# Gratitude diary"

    public static func markdown(_ entries: [GratitudeEntry]) -> String {
        markdownHead + markdownPiece(entries)
    }

    public static func csv(_ entries: [GratitudeEntry]) -> String {
        csvHead + csvPiece(entries)
    }

    /// What a Markdown or CSV export starts with; the entries follow in pieces (`markdownPiece`, `csvPiece`), a page
    /// at a time, so a long diary is written as it is read.
    public static let markdownHead = markdownTitle + "\n"
    public static let csvHead = "date,text,saved_at\r\n"

    public static func markdownPiece(_ entries: [GratitudeEntry]) -> String {
        entries.map { "\n## \($0.date)\n\n\(DiaryMarkdown.escaped($0.text))\n" }.joined()
    }

    public static func csvPiece(_ entries: [GratitudeEntry]) -> String {
        entries.map {
            "\($0.date),\(quoted(neutralised($0.text))),\(ISO8601.format(seconds: $0.savedAt, offsetSeconds: 0))\r\n"
        }.joined()
    }

    /// OWASP's rule for CSV injection: a cell a spreadsheet would run (it begins with `=`, `+`, `-`, `@`, a tab or
    /// a carriage return) gets a leading `'`, which spreadsheets read as "this is text" and do not show.
    public static func neutralised(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return cell }
        return "'" + cell
    }

    /// Every field quoted that holds a comma, a quote or a line break, its quotes doubled.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
