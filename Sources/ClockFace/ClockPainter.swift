import NoiseConfig

/// Turns frames into what the terminal is sent: the whole screen the first time (and after a resize or a
/// change of colours), then only the lines that differ from the frame already shown, so nothing flickers.
public enum ClockPainter {
    static let escape = "\u{1B}["

    public static func paint(
        _ frame: ClockFrame, colors: ClockColors,
        over shown: (frame: ClockFrame, colors: ClockColors)?
    ) -> String {
        let full = shown == nil || shown?.frame.size != frame.size || shown?.colors != colors
        var output = ""
        if full {
            // Clearing with the background selected fills the screen with it (back-colour erase).
            output += sgr(.plain, colors) + escape + "2J"
        }
        for (row, line) in frame.lines.enumerated() {
            if let shown, !full, shown.frame.lines[row] == line { continue }
            if full && line.allSatisfy({ $0.style == .plain && $0.text.allSatisfy { $0 == " " } }) { continue }
            output += escape + "\(row + 1);1H"
            for span in line { output += sgr(span.style, colors) + span.text }
        }
        return output + escape + "0m"
    }

    /// The frame as lines in colour, for `--once` on a terminal: no cursor movement, so it scrolls like output.
    public static func lines(_ frame: ClockFrame, colors: ClockColors) -> [String] {
        frame.lines.map { line in line.map { sgr($0.style, colors) + $0.text }.joined() + escape + "0m" }
    }

    /// The SGR sequence of a style: every attribute reset first, so one span's never leaks into the next.
    static func sgr(_ style: ClockFrame.Style, _ colors: ClockColors) -> String {
        let background = colors.background.sgr(background: true)
        switch style {
        case .plain: return escape + "0;" + colors.text.sgr(background: false) + ";" + background + "m"
        case .digits: return escape + "0;" + colors.digits.sgr(background: false) + ";" + background + "m"
        case .alert: return escape + "0;1;97;41m"
        case .dim: return escape + "0;2;" + colors.text.sgr(background: false) + ";" + background + "m"
        }
    }
}
