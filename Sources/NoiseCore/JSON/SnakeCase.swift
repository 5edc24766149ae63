import Synchronization

/// Property names as wire keys, by the rule of Foundation's `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`:
/// words start at an uppercase letter, a run of capitals is one word except its last letter when a lowercase
/// letter follows (`myURLValue` → `my_url_value`, `URLValue` → `u_rl_value`), words are lowercased and joined
/// with `_`. Uppercase means Unicode categories Lu and Lt, lowercase Ll, as in Foundation's CharacterSets.
/// This works on Unicode scalars where Foundation steps by Characters; the two differ only for a key with a
/// combining mark right after a capital, which no Swift property name of ours has.
enum SnakeCase {
    /// Converted names: a program has a few dozen property names, converted on every reply otherwise (a fifth of
    /// a `status` reply's time). Bounded against a type whose keys are not property names.
    private static let known = Mutex<[String: String]>([:])
    private static let knownLimit = 4096

    static func convert(_ key: String) -> String {
        // Most keys are a single lowercase ASCII word: nothing to convert.
        if key.utf8.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) { return key }
        if let converted = known.withLock({ $0[key] }) { return converted }
        let converted = convertWords(key)
        known.withLock { if $0.count < knownLimit { $0[key] = converted } }
        return converted
    }

    private static func convertWords(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        func first(in range: Range<Int>, where test: (Unicode.Scalar) -> Bool) -> Int? {
            range.first { test(scalars[$0]) }
        }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        let end = scalars.count
        while let upper = first(in: searchStart..<end, where: isUppercase) {
            words.append(wordStart..<upper)
            searchStart = upper
            guard let lower = first(in: searchStart..<end, where: isLowercase) else {
                wordStart = searchStart
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<end)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: "_")
    }

    // ASCII, the only letters our property names use, is decided by comparison; looking up a scalar's Unicode
    // category costs far more, and every key of every reply goes through here.
    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar >= "A" && scalar <= "Z" }
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar >= "a" && scalar <= "z" }
        return scalar.properties.generalCategory == .lowercaseLetter
    }
}
