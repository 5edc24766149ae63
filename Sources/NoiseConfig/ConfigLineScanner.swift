/// Finds where things are in the bytes of a config file that `TOMLDocument` has parsed, for `ConfigEditor`: the
/// parser gives each key's line, and this finds the exact bytes of its value and where a new line may go.
///
/// It works on bytes: every character that matters here (`=`, quotes, brackets, `#`, line ends) is ASCII, and
/// UTF-8 never uses those bytes inside another character. The file parsed, so strings are closed and brackets
/// balance; every loop is still bounded by the end of the bytes.
struct ConfigLineScanner {
    /// Where a value is: `range` is its bytes, `lastLine` the (1-based) line it ends on, which differs from
    /// the key's line for a multi-line array.
    struct ValueSpan {
        var range: Range<Int>
        var lastLine: Int

        var lowerBound: Int { range.lowerBound }
        var upperBound: Int { range.upperBound }
    }

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
              bytes[newline - 1] == UInt8(ascii: "\r") else { return [UInt8(ascii: "\n")] }
        return [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    }

    /// The value of the `key = value` that starts on `line`: after the `=` and the blanks that follow it, up
    /// to the end of the value (not the comment or blanks after it).
    func valueSpan(ofEntryOnLine line: Int) -> ValueSpan {
        var index = lineStarts[line - 1]
        // The key: up to the '=' outside quotes ("a=b" is a key).
        while index < bytes.count, bytes[index] != UInt8(ascii: "=") {
            index = isQuote(index) ? afterString(at: index) : index + 1
        }
        index += 1
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        let start = index
        let end = afterValue(at: start)
        return ValueSpan(range: start..<end, lastLine: self.line(of: max(start, end - 1)))
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

    // MARK: Scanning

    private func afterValue(at start: Int) -> Int {
        guard start < bytes.count else { return start }
        if isQuote(start) { return afterString(at: start) }
        guard bytes[start] == UInt8(ascii: "[") else {
            var index = start
            while index < bytes.count, !isBlank(bytes[index]), !isLineEnd(bytes[index]), bytes[index] != UInt8(ascii: "#") {
                index += 1
            }
            return index
        }
        // An array, maybe over several lines, with comments and strings that may hold brackets.
        var depth = 0
        var index = start
        repeat {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1; index += 1
            case UInt8(ascii: "]"): depth -= 1; index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"): index = afterString(at: index)
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default: index += 1
            }
        } while depth > 0 && index < bytes.count
        return index
    }

    /// Just past the closing quote of the basic ("...", with backslash escapes) or literal ('...') string
    /// opening at `start`.
    private func afterString(at start: Int) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count, bytes[index] != quote {
            index += quote == UInt8(ascii: "\"") && bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, bytes.count)
    }

    /// The 1-based line of the byte at `offset`.
    private func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    private func isQuote(_ index: Int) -> Bool {
        bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
}
