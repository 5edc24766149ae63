import CQREncode

/// A QR code drawn with half blocks, two rows of modules to a line (libqrencode makes the code). Dark modules are
/// ink: on a terminal (`colored`) the code is drawn black on white whatever the terminal's colours, since phones'
/// scanners read dark-on-light; piped, it is plain characters, dark on a light page.
enum TerminalQR {
    /// The quiet zone around the code, in modules: the standard's 4, which scanners need to find its edges.
    static let quietZone = 4

    static func lines(for text: String, colored: Bool) -> [String]? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let modules = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        func dark(_ x: Int, _ y: Int) -> Bool {
            x >= 0 && y >= 0 && x < width && y < width && modules[y * width + x] & 1 == 1
        }
        var lines: [String] = []
        for top in stride(from: -quietZone, to: width + quietZone, by: 2) {
            var line = colored ? "\u{1B}[30;47m" : ""
            for x in -quietZone..<(width + quietZone) {
                switch (dark(x, top), dark(x, top + 1)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line + (colored ? "\u{1B}[0m" : ""))
        }
        return lines
    }
}
