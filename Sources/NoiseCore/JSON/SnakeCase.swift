import Synchronization

/// Foundation's `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`, reimplemented so keys come out the same:
/// words start at an uppercase letter, a run of capitals is one word except its last letter when a lowercase
/// letter follows (`myURLValue` → `my_url_value`, `URLValue` → `u_rl_value`), words are lowercased and joined
/// with `_`. Uppercase means Unicode categories Lu and Lt, lowercase Ll, as in Foundation's CharacterSets.
/// This works on Unicode scalars where Foundation steps by Characters; the two differ only for a key with a
/// combining mark right after a capital, which no Swift property name of ours has.
enum SnakeCase {
    /// Converted keys by their Swift name. Encoders convert the same few dozen CodingKeys over and over; the
    /// bound only guards against a type with unbounded key names (none exists today).
    private static let cache = Mutex<[String: String]>([:])
    private static let cacheLimit = 4096

    static func convert(_ key: String) -> String {
        // Most keys are a single lowercase ASCII word: nothing to convert, no lock to take.
        if key.utf8.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) { return key }
        if let known = cache.withLock({ $0[key] }) { return known }
        let converted = uncachedConvert(key)
        cache.withLock { if $0.count < cacheLimit { $0[key] = converted } }
        return converted
    }

    static func uncachedConvert(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return key }
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

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
