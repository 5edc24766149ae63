import NoiseCore

/// A colour the terminal clock draws in: the terminal's own, one of the 16 ANSI colours, or 24-bit RGB.
public enum TerminalColor: Sendable, Equatable, CustomStringConvertible {
    /// Whatever the terminal's theme uses (SGR 39 / 49).
    case terminalDefault
    /// ANSI colour 0-15: the eight basic ones, then their bright variants.
    case ansi(Int)
    case rgb(UInt8, UInt8, UInt8)
    /// One of the 256 colours of xterm's palette (SGR 38;5 / 48;5), for a terminal without 24-bit colour; never read
    /// from the config.
    case palette(UInt8)

    /// The names `--color` accepts, in ANSI order (index = colour number).
    public static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "gray", "bright-red", "bright-green", "bright-yellow", "bright-blue",
        "bright-magenta", "bright-cyan", "bright-white",
    ]

    public static let accepted =
        "a colour name (" + (["default"] + names).joined(separator: ", ")
        + ") or #RRGGBB"

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// `red`, `bright-blue`, `grey`, `default`, `#ff8800`, `#F80` (case-insensitive).
    public init(parsing text: String) throws(ParseError) {
        let name = text.lowercased()
        if name == "default" {
            self = .terminalDefault
        } else if let index = Self.names.firstIndex(of: name == "grey" ? "gray" : name) {
            self = .ansi(index)
        } else if name.hasPrefix("#"), let rgb = Self.hexTriple(name.dropFirst()) {
            self = .rgb(rgb.0, rgb.1, rgb.2)
        } else {
            let near = Suggestions.closest(to: name, among: Self.names, limit: 1)
            throw ParseError(
                description: "unknown colour '\(text)'"
                    + (near.isEmpty ? "" : " (did you mean \(near[0])?)") + "; accepted: \(Self.accepted)")
        }
    }

    /// The text it was parsed from, normalised, for the config file.
    public var description: String {
        switch self {
        case .terminalDefault: "default"
        case .ansi(let index): Self.names[index]
        case .rgb(let red, let green, let blue):
            "#" + [red, green, blue].map { String($0, radix: 16, width: 2) }.joined()
        case .palette(let index): "palette \(index)"
        }
    }

    /// The SGR parameters that select this colour as the foreground (`background: false`) or background.
    public func sgr(background: Bool) -> String {
        switch self {
        case .terminalDefault:
            return background ? "49" : "39"
        case .ansi(let index):
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return String(base + index % 8)
        case .rgb(let red, let green, let blue):
            return (background ? "48;2;" : "38;2;") + "\(red);\(green);\(blue)"
        case .palette(let index):
            return (background ? "48;5;" : "38;5;") + "\(index)"
        }
    }

    private static func hexTriple(_ digits: Substring) -> (UInt8, UInt8, UInt8)? {
        let values = digits.map { $0.hexDigitValue }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let nibbles = values.compactMap { $0 }
        switch nibbles.count {
        case 6:
            return (
                UInt8(nibbles[0] * 16 + nibbles[1]), UInt8(nibbles[2] * 16 + nibbles[3]),
                UInt8(nibbles[4] * 16 + nibbles[5])
            )
        case 3: return (UInt8(nibbles[0] * 17), UInt8(nibbles[1] * 17), UInt8(nibbles[2] * 17))
        default: return nil
        }
    }
}
