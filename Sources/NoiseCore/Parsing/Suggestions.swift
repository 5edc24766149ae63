/// Finds the closest names to a mistyped one (edit distance, with prefixes counting as close).
public enum Suggestions {
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(word.lowercased().unicodeScalars.prefix(64))
        let maxDistance = max(1, (target.count + 1) / 3)
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let scalars = Array(candidate.unicodeScalars)
            if !target.isEmpty, scalars.starts(with: target) { return (candidate, 0) }
            let distance = editDistance(target, scalars)
            return distance <= maxDistance ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Levenshtein distance with transpositions counted as one edit (optimal string alignment).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
