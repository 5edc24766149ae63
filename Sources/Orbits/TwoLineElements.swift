import Glibc

/// Why an element file was refused: where (the file's line, the column when one field is at fault) and what.
public struct ElementsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int?
    public var reason: String

    public init(line: Int, column: Int? = nil, _ reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": \(reason)"
    }
}

/// The two-line element format (NORAD/CelesTrak), with an optional name line before each set (three-line sets,
/// `0 NAME` too). Every field is checked where it stands, and each line's checksum (digits summed, `-` counting
/// 1, modulo 10). Catalog numbers may be Alpha-5 (`A0001` is 100001; I and O are not used). Pure.
public enum TwoLineElements {
    /// Every set in `text`, in order; blank lines and `#` comments are skipped.
    public static func parse(_ text: String, checkingChecksums: Bool = true) throws(ElementsError) -> [OrbitalElements]
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == "\r" || $0 == " " || $0 == "\t" }.reversed())
        }
        var sets: [OrbitalElements] = []
        var name: String?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            defer { index += 1 }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("1 ") {
                guard index + 1 < lines.count, lines[index + 1].hasPrefix("2 ") else {
                    throw ElementsError(line: index + 2, column: 1, "line 2 of the set must follow, starting with '2 '")
                }
                sets.append(try set(line, lines[index + 1], at: index + 1, name: name, checksums: checkingChecksums))
                name = nil
                index += 1
            } else if line.hasPrefix("2 ") {
                throw ElementsError(line: index + 1, column: 1, "a line 2 without its line 1 before it")
            } else {
                guard name == nil else {
                    throw ElementsError(line: index + 1, column: 1, "neither a name, nor line 1 or 2 of an element set")
                }
                name = line.hasPrefix("0 ") ? String(line.dropFirst(2)) : line
                if name!.count > 60 { throw ElementsError(line: index + 1, "a name line longer than 60 characters") }
            }
        }
        guard !sets.isEmpty else { throw ElementsError(line: max(1, lines.count), "no element set in the file") }
        return sets
    }

    /// One set from its two lines; `number` is line 1's line number in the file.
    static func set(
        _ first: String, _ second: String, at number: Int, name: String?,
        checksums: Bool
    ) throws(ElementsError) -> OrbitalElements {
        let one = Fields(text: first, line: number)
        let two = Fields(text: second, line: number + 1)
        for fields in [one, two] {
            guard fields.bytes.count == 69 else {
                throw ElementsError(
                    line: fields.line, column: min(fields.bytes.count, 69) + 1,
                    "a line of an element set has 69 characters, this one \(fields.bytes.count)")
            }
        }
        let catalog = try one.catalogNumber()
        guard try two.catalogNumber() == catalog else {
            throw ElementsError(line: number + 1, column: 3, "the catalog number differs from line 1's (\(catalog))")
        }
        let year = try one.integer(19...20, "the epoch year")
        let set = OrbitalElements(
            name: name, catalogNumber: catalog, classification: one.text(8...8),
            internationalDesignator: one.text(10...17), epochYear: year < 57 ? 2000 + year : 1900 + year,
            epochDay: try one.decimal(21...32, "the epoch day", in: 1..<367),
            meanMotionDot: try one.decimal(34...43, "the mean motion's first derivative"),
            meanMotionDDot: try one.exponential(45...52, "the mean motion's second derivative"),
            bstar: try one.exponential(54...61, "B*"),
            ephemerisType: try one.integer(63...63, "the ephemeris type", blank: 0),
            elementSetNumber: try one.integer(65...68, "the element set number", blank: 0),
            inclination: try two.decimal(9...16, "the inclination", in: 0..<180.0001),
            rightAscension: try two.decimal(18...25, "the right ascension of the node", in: 0..<360),
            eccentricity: try two.decimal("." + two.text(27...33), 27...33, "the eccentricity", in: 0..<1),
            argumentOfPerigee: try two.decimal(35...42, "the argument of perigee", in: 0..<360),
            meanAnomaly: try two.decimal(44...51, "the mean anomaly", in: 0..<360),
            meanMotion: try two.decimal(53...63, "the mean motion", in: 0..<20),
            revolutionNumber: try two.integer(64...68, "the revolution number", blank: 0))
        // After the fields, so that a garbled field is named rather than only the sum it spoils.
        if checksums {
            try one.checkChecksum()
            try two.checkChecksum()
        }
        return set
    }

    /// One line's fixed columns (1-based, as the format is documented).
    struct Fields {
        let bytes: [UInt8]
        let line: Int

        init(text: String, line: Int) {
            bytes = Array(text.utf8)
            self.line = line
        }

        func text(_ columns: ClosedRange<Int>) -> String {
            String(decoding: bytes[(columns.lowerBound - 1)...(columns.upperBound - 1)], as: UTF8.self)
        }

        func trimmed(_ columns: ClosedRange<Int>) -> String {
            text(columns).trimmingSpaces
        }

        func problem(_ columns: ClosedRange<Int>, _ what: String, _ why: String) -> ElementsError {
            ElementsError(line: line, column: columns.lowerBound, "\(what) '\(text(columns))' \(why)")
        }

        func checkChecksum() throws(ElementsError) {
            let sum = bytes[0..<68].reduce(0) { sum, byte in
                sum + (byte >= 48 && byte <= 57 ? Int(byte - 48) : byte == UInt8(ascii: "-") ? 1 : 0)
            }
            guard bytes[68] >= 48 && bytes[68] <= 57, Int(bytes[68] - 48) == sum % 10 else {
                throw ElementsError(
                    line: line, column: 69, "the checksum is '\(text(69...69))', the line sums to \(sum % 10)")
            }
        }

        /// Five characters: digits, or Alpha-5's letter and four digits.
        func catalogNumber() throws(ElementsError) -> Int {
            let field = text(3...7)
            let digits = field.dropFirst()
            guard let first = field.first, digits.allSatisfy(\.isASCIIDigit),
                let rest = Int(digits.trimmingSpaces.isEmpty ? "0" : String(digits))
            else {
                throw problem(3...7, "the catalog number", "is not 5 digits (or a letter and 4 digits)")
            }
            if first.isASCIIDigit || first == " " { return (first == " " ? 0 : Int(String(first))!) * 10_000 + rest }
            let letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
            guard let position = letters.firstIndex(of: first) else {
                throw problem(
                    3...7, "the catalog number",
                    "starts with neither a digit nor an Alpha-5 letter (A–Z without I and O)")
            }
            return (10 + letters.distance(from: letters.startIndex, to: position)) * 10_000 + rest
        }

        func integer(_ columns: ClosedRange<Int>, _ what: String, blank: Int? = nil) throws(ElementsError) -> Int {
            let field = trimmed(columns)
            if field.isEmpty, let blank { return blank }
            guard let value = Int(field), field.allSatisfy(\.isASCIIDigit) else {
                throw problem(columns, what, "is not a whole number")
            }
            return value
        }

        func decimal(
            _ columns: ClosedRange<Int>, _ what: String, in range: Range<Double>? = nil
        ) throws(ElementsError) -> Double {
            try decimal(trimmed(columns), columns, what, in: range)
        }

        /// A number as written (`.00001234`, `-.0002`, `51.6416`), which must lie in `range`.
        func decimal(
            _ written: String, _ columns: ClosedRange<Int>, _ what: String,
            in range: Range<Double>? = nil
        ) throws(ElementsError) -> Double {
            var text = written.trimmingSpaces
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasPrefix("-.") || text.hasPrefix("+.") { text.insert("0", at: text.index(after: text.startIndex)) }
            guard !text.isEmpty, text.allSatisfy({ $0.isASCIIDigit || "+-.".contains($0) }), let value = Double(text),
                value.isFinite
            else {
                throw problem(columns, what, "is not a number")
            }
            if let range, !range.contains(value) {
                throw problem(columns, what, "is out of range (\(range.lowerBound) to under \(range.upperBound))")
            }
            return value
        }

        /// The format's packed exponent: `±MMMMM±E` means ±0.MMMMM × 10^±E (` 12345-4` is 0.12345e-4).
        func exponential(_ columns: ClosedRange<Int>, _ what: String) throws(ElementsError) -> Double {
            let field = Array(text(columns))
            let sign = field[0] == "-" ? -1.0 : 1.0
            let mantissa = String(field[1...5])
            let exponentSign = field[6]
            guard " +-".contains(field[0]), mantissa.allSatisfy(\.isASCIIDigit) || mantissa.trimmingSpaces.isEmpty,
                "+- ".contains(exponentSign), field[7].isASCIIDigit,
                let digits = Double("0." + mantissa.replacingSpacesWithZeros)
            else {
                throw problem(columns, what, "is not in the form ±MMMMM±E (e.g. ' 12345-4')")
            }
            let exponent = Double(Int(String(field[7]))!) * (exponentSign == "-" ? -1 : 1)
            return sign * digits * pow(10, exponent)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    var replacingSpacesWithZeros: String { String(map { $0 == " " ? "0" : $0 }) }
}
