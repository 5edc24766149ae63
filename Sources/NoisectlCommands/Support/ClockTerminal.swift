import CLinux
import ClockFace
import Glibc
import NoiseSystem

/// The terminal the clock draws on, standard input and output, through termios and escape sequences: its size,
/// its input mode, and what is written to it.
final class ClockTerminal {
    private var saved: termios?

    /// Whether both ends are a terminal (else the clock prints one frame, as with `--once`).
    var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    var size: TerminalSize? {
        var columns: UInt16 = 0
        var rows: UInt16 = 0
        guard clinux_window_size(STDOUT_FILENO, &columns, &rows) == 0, columns > 0, rows > 0 else { return nil }
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }

    /// Keys without Enter and without echo, the alternate screen, no cursor.
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

    /// Undoes `enterFullScreen` exactly; safe to call twice.
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
        var text = text
        _ = text.withUTF8 { LocalFile.writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
    }

    /// Bytes typed since the last call (call when standard input is readable); nil once input is closed.
    func readInput() -> [UInt8]? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
            return count > 0 ? Array(buffer[..<count]) : nil
        }
    }
}
