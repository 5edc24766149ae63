import NoiseCore

/// An id and a display name made from a file's name, for sounds given without them: `Ocean Waves.flac` is
/// `ocean-waves`, "Ocean Waves". Used by `sounds import` when `--id` or `--name` is left out, and by plain sound
/// folders. The id always passes `SoundRules.idProblem`, the name `SoundRules.nameProblem`.
public enum SoundNaming {
    /// The file's name without its folder and its extension (`/a/Ocean Waves.flac` → `Ocean Waves`).
    public static func stem(ofPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Lowercase letters and digits, other runs become one '-'; starts with a letter (else `sound-` is put in
    /// front), at most `maxIdLength`.
    public static func id(forPath path: String) -> String {
        var id = ""
        for scalar in stem(ofPath: path).lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, id.last != "-" {
                id.append("-")
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.first.map({ !("a"..."z").contains($0) }) ?? true { id = "sound-" + id }
        id = String(id.prefix(Limits.maxIdLength))
        while id.hasSuffix("-") { id.removeLast() }
        return id
    }

    /// The stem with '_' as spaces, trimmed, at most `maxNameLength`; the id when that is no valid name.
    public static func name(forPath path: String) -> String {
        let spaced = String(stem(ofPath: path).map { $0 == "_" ? " " : $0 })
        let trimmed = spaced.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        let name = String(String(trimmed).prefix(CatalogLimits.maxNameLength))
        return SoundRules.nameProblem(name) == nil ? name : id(forPath: path)
    }

    /// The first of `id`, `id-2`, `id-3`… that `isTaken` refuses, to suggest when a made id is taken.
    public static func freeID(near id: String, isTaken: (String) -> Bool) -> String {
        var number = 2
        while true {
            let suffix = "-\(number)"
            let candidate = String(id.prefix(Limits.maxIdLength - suffix.count)) + suffix
            if !isTaken(candidate) { return candidate }
            number += 1
        }
    }
}
