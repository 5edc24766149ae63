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

    /// `--night`: the web pages' night screen's schedule, checked as config.toml checks `[clock] night`.
    static func night(_ text: String) throws -> NightSchedule {
        switch NightSchedule.parse(text) {
        case .success(let schedule): return schedule
        case .failure(let problem): throw ValidationError("\(problem); accepted: \(NightSchedule.accepted)")
        }
    }

    /// `--night-color`: #RRGGBB only (a browser has no terminal palette to map a name to).
    static func nightColor(_ text: String) throws -> TerminalColor {
        guard text.hasPrefix("#"), let color = try? TerminalColor(parsing: text) else {
            throw ValidationError("'\(text)' is not a colour #RRGGBB (e.g. #ff0000 for red)")
        }
        return color
    }

    /// `--night-brightness`: percent, in `ConfigLimits.nightBrightness`.
    static func nightBrightness(_ text: String) throws -> Int {
        let range = ConfigLimits.nightBrightness
        guard let percent = Int(text), range.contains(percent) else {
            throw ValidationError(
                "'\(text)' is not an integer \(range.lowerBound) to \(range.upperBound) (percent)")
        }
        return percent
    }
}
