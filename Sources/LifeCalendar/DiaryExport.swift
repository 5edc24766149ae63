import NoiseTime

/// The gratitude diary written out for people and other programs: Markdown (a heading a day) and CSV (RFC 4180,
/// with a header). JSON goes through the one JSON path, as `{"entries": [{"date", "text", "saved_at"}]}`, which
/// `gratitude import` reads back.
public enum DiaryExport {
    public enum Format: String, Sendable, CaseIterable {
        case markdown, json, csv
    }

    public static func markdown(_ entries: [GratitudeEntry]) -> String {
        var text = "# Gratitude diary\n"
        for entry in entries {
            text += "\n## \(entry.date)\n\n\(entry.text)\n"
        }
        return text
    }

    public static func csv(_ entries: [GratitudeEntry]) -> String {
        var text = "date,text,saved_at\r\n"
        for entry in entries {
            text += "\(entry.date),\(quoted(entry.text)),\(ISO8601.format(seconds: entry.savedAt, offsetSeconds: 0))\r\n"
        }
        return text
    }

    /// Every field quoted that holds a comma, a quote or a line break, its quotes doubled.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
