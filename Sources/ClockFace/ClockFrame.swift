/// One screenful of a terminal clock: exactly `size.rows` lines, each exactly `size.columns` columns wide,
/// made of styled spans. Frames are values, so a redraw can write only the lines that changed.
public struct ClockFrame: Sendable, Equatable {
    /// What a span is, which the painter turns into colours.
    public enum Style: Sendable, Equatable {
        /// Background and ordinary text.
        case plain
        /// The big digits and the AM/PM badge.
        case digits
        /// An alarm ringing: the banner across the screen.
        case alert
        /// Small print: the daemon is not running, a hint.
        case dim
    }

    public struct Span: Sendable, Equatable {
        public var text: String
        public var style: Style

        public init(_ text: String, _ style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    public let size: TerminalSize
    public private(set) var lines: [[Span]]

    /// A blank frame.
    public init(size: TerminalSize) {
        self.size = size
        lines = Array(repeating: [Span(String(repeating: " ", count: size.columns))], count: size.rows)
    }

    /// A frame of ready-made lines (the analog face), each cut or padded to the width, in one style.
    public init(size: TerminalSize, lines: [String], style: Style) {
        self.init(size: size)
        for (row, line) in lines.prefix(size.rows).enumerated() {
            put([Span(line, style)], row: row, column: 0)
        }
    }

    /// The text of each line, without styles: what `--once` prints to a pipe and what golden tests compare.
    public var text: [String] {
        lines.map { $0.map(\.text).joined() }
    }

    /// Puts `spans` on line `row` starting at `column`, cut at the right edge; the rest of the line stays.
    public mutating func put(_ spans: [Span], row: Int, column: Int) {
        guard lines.indices.contains(row), column < size.columns else { return }
        let left = max(0, column)
        var placed: [Span] = []
        var width = 0
        for span in spans where width < size.columns - left {
            let fitted = DisplayWidth.prefix(Self.printable(span.text), width: size.columns - left - width)
            placed.append(Span(fitted, span.style))
            width += DisplayWidth.of(fitted)
        }
        let before = Self.slice(lines[row], from: 0, width: left)
        let after = Self.slice(lines[row], from: left + width, width: size.columns - left - width)
        lines[row] = Self.merged(before + placed + after)
    }

    /// Puts one span centred on line `row`.
    public mutating func center(_ span: Span, row: Int) {
        let text = DisplayWidth.fit(Self.printable(span.text), width: size.columns)
        put([Span(text, span.style)], row: row, column: (size.columns - DisplayWidth.of(text)) / 2)
    }

    /// Styles a whole line (the alarm banner), keeping its text.
    public mutating func restyle(row: Int, as style: Style) {
        guard lines.indices.contains(row) else { return }
        lines[row] = [Span(lines[row].map(\.text).joined(), style)]
    }

    /// `text` with every control character (C0, DEL, C1, tab) made a space: text from the daemon (an alarm's
    /// label) must never move the cursor or start an escape sequence.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.map { isControl($0) ? " " : $0 })
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The columns `from ..< from + width` of a line, as spans; a wide character cut in half becomes a space.
    private static func slice(_ spans: [Span], from start: Int, width: Int) -> [Span] {
        guard width > 0 else { return [] }
        var result: [Span] = []
        var column = 0
        for span in spans {
            var text = ""
            for scalar in span.text.unicodeScalars {
                let next = DisplayWidth.of(scalar)
                if column >= start && column + next <= start + width {
                    text.unicodeScalars.append(scalar)
                } else if column < start + width && column + next > start {
                    text += String(repeating: " ", count: min(column + next, start + width) - max(column, start))
                }
                column += next
            }
            if !text.isEmpty { result.append(Span(text, span.style)) }
        }
        return result
    }

    /// Neighbouring spans of one style joined, so equal lines compare equal however they were built.
    private static func merged(_ spans: [Span]) -> [Span] {
        var result: [Span] = []
        for span in spans where !span.text.isEmpty {
            if let last = result.last, last.style == span.style {
                result[result.count - 1].text += span.text
            } else {
                result.append(span)
            }
        }
        return result
    }
}
