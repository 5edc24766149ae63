import Glibc
import NoiseCore
import NoiseSystem

/// Writes to the terminal: results on stdout, problems on stderr, JSON for scripts. Everything a command says goes
/// through `text` and `standardError`, which a test running the command on its own thread can capture
/// (`OutputCapture`).
enum Output {
    /// "1 alarm", "2 alarms": a count with its noun, plural when not one.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    static func line(_ text: String) {
        self.text(text + "\n")
    }

    /// Writes `text` as it is, no newline added.
    static func text(_ text: String) {
        if let capture = OutputCapture.current { return capture.append(text, error: false) }
        print(text, terminator: "")
    }

    /// Writes `text` to stderr as it is.
    static func standardError(_ text: String) {
        if let capture = OutputCapture.current { return capture.append(text, error: true) }
        var text = text
        _ = text.withUTF8 { LocalFile.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }

    /// Writes out what `print` holds: stdout is block-buffered when it is not a terminal.
    static func flush() {
        fflush(nil)
    }

    static func error(_ text: String) {
        standardError("noisectl: " + text + "\n")
    }

    /// Prints a JSON value on one line, keys sorted, for `--json`.
    static func json(_ value: some Encodable) {
        guard let bytes = try? JSONCoding.line(value) else { return }
        line(String(decoding: bytes, as: UTF8.self))
    }

    /// Pads each column to its widest cell.
    static func table(_ rows: [[String]]) -> [String] {
        var widths: [Int] = []
        return table(rows, widths: &widths)
    }

    /// Pads each column to its widest cell, and to at least `widths`, which it widens to what it used: a table
    /// printed a page at a time keeps the first page's columns.
    static func table(_ rows: [[String]], widths: inout [Int]) -> [String] {
        guard let first = rows.first else { return [] }
        widths = first.indices.map { column in
            max(rows.map { $0[column].count }.max() ?? 0, column < widths.count ? widths[column] : 0)
        }
        // Concatenated, not `joined`: its generic code costs a cold `noisectl status` a conformance scan.
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line +=
                    index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            return line
        }
    }
}
