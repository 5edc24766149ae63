/// A colour scheme for the big clock: `night` is dim red on black, kind to dark-adapted eyes; `day` is dark on
/// light; `terminal` keeps the terminal's own colours.
public enum ClockTheme: String, Sendable, Equatable, CaseIterable {
    case terminal
    case night
    case day

    public var foreground: TerminalColor {
        switch self {
        case .terminal: .terminalDefault
        case .night: .rgb(0xB0, 0x20, 0x10)
        case .day: .rgb(0x20, 0x20, 0x20)
        }
    }

    public var background: TerminalColor {
        switch self {
        case .terminal: .terminalDefault
        case .night: .rgb(0, 0, 0)
        case .day: .rgb(0xF4, 0xF1, 0xE8)
        }
    }
}
