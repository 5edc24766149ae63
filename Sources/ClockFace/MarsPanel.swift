/// `noisectl mars`'s panel: the reading's lines (`MarsReading.lines`) laid out on a screen, the title in the
/// digits' colour, the keys at the bottom. Pure, so golden tests draw it at a fixed instant.
public enum MarsPanel {
    public static func render(_ lines: [String], size: TerminalSize, note: String? = nil) -> ClockFrame {
        var frame = ClockFrame(size: size)
        guard let title = lines.first else { return frame }
        let width = size.columns - 2 * margin(size)
        let lines = [title] + lines.dropFirst().flatMap { wrapped($0, width: width) }
        // The block, a blank line after the title, centred vertically when there is room.
        let height = lines.count + 1
        let top = max(0, (size.rows - 1 - height) / 2)
        frame.put([ClockFrame.Span(title, .digits)], row: top, column: margin(size))
        for (index, line) in lines.dropFirst().enumerated() {
            frame.put([ClockFrame.Span(line)], row: top + 2 + index, column: margin(size))
        }
        if size.rows > height {
            frame.put([ClockFrame.Span(note ?? "q quits", .dim)], row: size.rows - 1, column: margin(size))
        }
        return frame
    }

    /// A line wider than the screen goes on over the next ones, broken between words and indented under its text
    /// (`Note: …`), so a note is read whole instead of cut at the edge.
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard line.count > width, width > 20 else { return [line] }
        let indent = String(
            repeating: " ",
            count: (line.firstIndex(of: ":").map { line.distance(from: line.startIndex, to: $0) } ?? -2) + 2)
        var result: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            let prefix = current.isEmpty ? (result.isEmpty ? "" : indent) : current + " "
            if !current.isEmpty && prefix.count + word.count > width {
                result.append(current)
                current = indent + word
            } else {
                current = prefix + word
            }
        }
        return result + [current]
    }

    /// Two columns from the edge, none in a narrow terminal.
    static func margin(_ size: TerminalSize) -> Int { size.columns >= 60 ? 2 : 0 }
}
