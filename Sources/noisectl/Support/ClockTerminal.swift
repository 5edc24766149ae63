import CLinux
import Glibc
import NoiseCore
import ClockFace

/// The terminal the clock draws on: its size, its input mode, and what is written to it.
protocol ClockTerminal: AnyObject {
    /// Whether both ends are a terminal (else the clock prints one frame, as with `--once`).
    var isInteractive: Bool { get }
    var size: TerminalSize? { get }
    /// Keys without Enter and without echo, the alternate screen, no cursor.
    func enterFullScreen()
    /// Undoes `enterFullScreen` exactly; safe to call twice.
    func restore()
    func write(_ text: String)
    /// Bytes typed since the last call (call when standard input is readable); nil once input is closed.
    func readInput() -> [UInt8]?
}

/// Standard input and output, through termios and escape sequences.
final class POSIXTerminal: ClockTerminal {
    private var saved: termios?

    var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    var size: TerminalSize? {
        var columns: UInt16 = 0
        var rows: UInt16 = 0
        guard clinux_window_size(STDOUT_FILENO, &columns, &rows) == 0, columns > 0, rows > 0 else { return nil }
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }

    func enterFullScreen() {
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 {
            saved = settings
            // ISIG stays on: Ctrl-C, Ctrl-Z and Ctrl-\ still send signals, which the clock reads in order.
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &settings.c_cc) { controls in
                controls[Int(VMIN)] = 1
                controls[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
        write(Self.enter)
    }

    func restore() {
        guard var settings = saved else { return }
        write(Self.leave)
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        saved = nil
    }

    /// Alternate screen on, cursor hidden.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l"
    /// Attributes reset, cursor shown, alternate screen off: the shell's screen comes back as it was.
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    func readInput() -> [UInt8]? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
            return count > 0 ? Array(buffer[..<count]) : nil
        }
    }
}
