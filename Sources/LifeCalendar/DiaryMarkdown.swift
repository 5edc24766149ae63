import NoiseTime

/// The diary's Markdown export read back, and the escape that makes that possible: a heading a day
/// (`## YYYY-MM-DD`), and in the entries no line that Markdown would read as a heading. A line of an entry that
/// would (an ATX `#` heading, or a setext `===`/`---` underline, after at most three spaces) gets a backslash
/// before it, as CommonMark escapes; one that had backslashes there already gets one more, so reading back takes
/// exactly one away and every text comes back as it was.
public enum DiaryMarkdown {
    /// Where the Markdown is not the diary's export, and why; lines counted from 1.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String

        public var description: String { "line \(line): \(reason)" }
    }

    public static func escaped(_ text: String) -> String {
        mapLines(text) { line in
            guard let split = headingLike(line) else { return line }
            var escaped = line[..<split]
            escaped.append("\\")
            escaped.append(contentsOf: line[split...])
            return escaped
        }
    }

    public static func unescaped(_ text: String) -> String {
        mapLines(text) { line in
            guard let split = headingLike(line), line[split...].hasPrefix("\\") else { return line }
            return line[..<split] + line[line.index(after: split)...]
        }
    }

    /// The entries of an export written by `DiaryExport.markdown`, oldest first. Markdown keeps no saved times:
    /// each entry's `savedAt` is 0, older than anything stored, so an import of it fills the days that have no
    /// entry and never replaces one. An entry's text is not checked here (the import checks every entry alike).
    public static func entries(_ markdown: String) throws(Problem) -> [GratitudeEntry] {
        var lines = markdown.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        guard lines.first == DiaryExport.markdownTitle else {
            throw Problem(line: 1, reason: "the diary's export begins with '\(DiaryExport.markdownTitle)'")
        }
        if lines.last != "" { lines.append("") }
        var headings: [(line: Int, day: LocalDate)] = []
        for (index, line) in lines.enumerated().dropFirst() {
            guard let split = headingLike(line), !line[split...].hasPrefix("\\") else { continue }
            guard line.hasPrefix("## "), let day = try? LocalDate.parse(String(line.dropFirst(3))) else {
                throw Problem(
                    line: index + 1,
                    reason: "a heading that is not a day ('## YYYY-MM-DD'); a heading in "
                        + "an entry is written with a backslash before it ('\\\(line)')")
            }
            guard lines[index - 1].isEmpty, index + 1 < lines.count, lines[index + 1].isEmpty else {
                throw Problem(line: index + 1, reason: "a day's heading has an empty line before it and after it")
            }
            headings.append((index, day))
        }
        if let first = headings.first, first.line != 2 {
            throw Problem(line: 2, reason: "only an empty line comes between the title and the first day's heading")
        }
        if headings.isEmpty, lines.dropFirst().contains(where: { !$0.isEmpty }) {
            throw Problem(line: 2, reason: "no day's heading ('## YYYY-MM-DD')")
        }
        return headings.enumerated().map { number, heading in
            let end = number + 1 < headings.count ? headings[number + 1].line - 1 : lines.count - 1
            let body = heading.line + 2 < end ? lines[(heading.line + 2)..<end].joined(separator: "\n") : ""
            return GratitudeEntry(date: heading.day, text: unescaped(body), savedAt: 0)
        }
    }

    /// Where a backslash goes to stop `line` reading as a heading (after its indent), or nil when it does not read
    /// as one even with its leading backslashes taken away.
    static func headingLike(_ line: Substring) -> Substring.Index? {
        let indent = line.prefix(while: { $0 == " " })
        guard indent.count <= 3 else { return nil }
        let marker = line[indent.endIndex...].drop(while: { $0 == "\\" })
        if marker.first == "#" {
            let after = marker.drop(while: { $0 == "#" })
            return after.isEmpty || after.first == " " || after.first == "\t" ? indent.endIndex : nil
        }
        if let bar = marker.first, bar == "=" || bar == "-" {
            let rest = marker.drop(while: { $0 == bar })
            return rest.allSatisfy({ $0 == " " || $0 == "\t" }) ? indent.endIndex : nil
        }
        return nil
    }

    static func headingLike(_ line: String) -> String.Index? {
        headingLike(line[...])
    }

    /// Each line through `transform`, the line breaks kept as they were. A CR alone ends a line too (CommonMark
    /// reads LF, CR and CR LF as line endings), so a heading after a CR is escaped like any other.
    private static func mapLines(_ text: String, _ transform: (Substring) -> Substring) -> String {
        var result = String.UnicodeScalarView()
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard scalar == "\n" || scalar == "\r" else {
                line.append(scalar)
                continue
            }
            result.append(contentsOf: transform(String(line)[...]).unicodeScalars)
            result.append(scalar)
            line = String.UnicodeScalarView()
        }
        result.append(contentsOf: transform(String(line)[...]).unicodeScalars)
        return String(result)
    }
}
