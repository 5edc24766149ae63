/// The rules for a saved mix's name, said once for the parser and the client: `play @NAME` must read it back,
/// so it is a word a shell leaves alone.
public enum MixName {
    public static let accepted =
        "1 to \(Limits.maxIdLength) letters, digits, '-', '_' or '.', starting with a letter or digit"

    /// What is wrong with `name`, or nil.
    public static func problem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "is empty" }
        guard name.unicodeScalars.count <= Limits.maxIdLength else {
            return "is longer than \(Limits.maxIdLength) characters"
        }
        let word = { (scalar: Unicode.Scalar) in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
        }
        if let bad = name.unicodeScalars.first(where: { !word($0) && !"-_.".unicodeScalars.contains($0) }) {
            return "has '\(bad.escaped(asASCII: true))', which is not a letter, digit, '-', '_' or '.'"
        }
        return word(first) ? nil : "does not start with a letter or digit"
    }
}
