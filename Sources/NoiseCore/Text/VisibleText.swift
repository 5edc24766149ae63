/// Text from outside (a diary entry, a habit name, an alarm's label or note) made safe to print on a terminal:
/// the characters a terminal would act on instead of showing are shown as `cat -v` and `less` show them. C0
/// controls and DEL in caret notation (ESC as `^[`, CR as `^M`, DEL as `^?`); C1 controls and the bidirectional
/// overrides and isolates (U+202A–202E, U+2066–2069, which reorder what follows: "Trojan Source") as `<U+202E>`.
/// Everything else is kept, so ordinary text prints exactly as stored. JSON output never goes through here: JSON
/// escapes these itself, and scripts get the exact text.
public enum VisibleText {
    /// Where the text is shown: over several lines (a diary entry: line breaks and tabs kept, CR LF kept as a
    /// line break) or on one (a name, a label, a table cell: every control shown).
    public enum Layout: Sendable {
        case lines
        case line
    }

    public static func terminal(_ text: String, _ layout: Layout = .line) -> String {
        guard text.unicodeScalars.contains(where: needsShowing) else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if layout == .lines {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                if scalar == "\n" || scalar == "\t" || (scalar == "\r" && next == "\n") {
                    result.append(scalar)
                    continue
                }
            }
            result.append(contentsOf: shown(scalar).unicodeScalars)
        }
        return String(result)
    }

    /// Whether a terminal would act on `scalar` rather than show it.
    public static func needsShowing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F: "^?"
        case let value where needsShowing(scalar):
            "<U+" + String(value, radix: 16, uppercase: true, width: 4) + ">"
        default: String(scalar)
        }
    }
}
