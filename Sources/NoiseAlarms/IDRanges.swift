/// Ids as people read a list of them: `3, 5-9, 12`.
public enum IDRanges {
    public static func text(_ ids: [Int64]) -> String {
        var parts: [String] = []
        var index = 0
        let sorted = Array(Set(ids)).sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
