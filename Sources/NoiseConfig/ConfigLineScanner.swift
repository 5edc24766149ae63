/// The lines of a config file that `TOMLDocument` has parsed, for `ConfigEditor`: what they end with, and a new line
/// put among them. (The parser gives each value's bytes and lines.)
struct ConfigLineScanner {
    let bytes: [UInt8]
    /// Offset of the first byte of each line; line N starts at `lineStarts[N - 1]`.
    let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// What the file ends its lines with, so an added line matches its neighbours: CRLF when the first line
    /// ends so, LF otherwise.
    var lineEnding: [UInt8] {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > 0,
            bytes[newline - 1] == UInt8(ascii: "\r")
        else { return [UInt8(ascii: "\n")] }
        return [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    }

    /// The bytes with `text` added as a new line after `line`, with the leading blanks of line `indentedLike`
    /// (so a table indented by hand stays indented).
    func inserting(line text: [UInt8], after line: Int, indentedLike model: Int?) -> [UInt8] {
        let newline = lineEnding
        var indent: [UInt8] = []
        if let model {
            var index = lineStarts[model - 1]
            while index < bytes.count, isBlank(bytes[index]) { indent.append(bytes[index]); index += 1 }
        }
        let next = line < lineStarts.count ? lineStarts[line] : bytes.count
        // The last line of a file may have no line end; it gets one before the new line.
        let missing = line >= lineStarts.count && !bytes.isEmpty && bytes.last != UInt8(ascii: "\n")
        return Array(bytes[..<next]) + (missing ? newline : []) + indent + text + newline + Array(bytes[next...])
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
