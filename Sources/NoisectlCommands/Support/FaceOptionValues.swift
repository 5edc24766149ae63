import ArgumentParser
import ClockFace
import NoiseConfig
import NoiseCore

/// The values of the options that shape a face in the terminal (`clock`, `life`, `iss map`…), read as the command
/// line is parsed.
extension OptionValue {
    /// A frame's size, COLUMNSxROWS.
    static func terminalSize(_ text: String) throws -> TerminalSize {
        guard let size = TerminalSize(parsing: text) else {
            throw ValidationError(
                "'\(text.prefix(40))' is not a size; give COLUMNSxROWS, each 1 to \(TerminalSize.maxCells), e.g. 80x24")
        }
        return size
    }

    /// A colour: a name (red, bright-blue, default…) or #RRGGBB.
    static func color(_ text: String) throws -> TerminalColor {
        do { return try TerminalColor(parsing: text) } catch { throw ValidationError("\(error)") }
    }

    static func theme(_ text: String) throws -> ClockTheme {
        guard let theme = ClockTheme(rawValue: text) else {
            throw ValidationError(
                "unknown theme '\(text)'; accepted: " + ClockTheme.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return theme
    }
}
