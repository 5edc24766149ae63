import NoiseCore

/// The rules every sound's fields follow, shared by the catalog parser and `sounds import`.
public enum SoundRules {
    /// nil when `id` is a valid id (or category), else what is wrong with it.
    public static func idProblem(_ id: String) -> String? {
        guard let first = id.unicodeScalars.first else { return "must not be empty" }
        if id.utf8.count > Limits.maxIdLength { return "is longer than \(Limits.maxIdLength) characters" }
        let allowed = id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        if !allowed || !("a"..."z").contains(first) {
            return "must be lowercase letters, digits and '-', starting with a letter"
        }
        return nil
    }

    public static func nameProblem(_ name: String) -> String? {
        if name.allSatisfy(\.isWhitespace) { return "must not be empty" }
        if name.count > CatalogLimits.maxNameLength {
            return "is longer than \(CatalogLimits.maxNameLength) characters"
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "must not contain control characters"
        }
        return nil
    }

    /// A file path must stay inside the catalog's folder.
    public static func fileProblem(_ file: String) -> String? {
        if file.isEmpty { return "must not be empty" }
        if file.hasPrefix("/") { return "must be relative to the sounds/ folder" }
        if file.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) {
            return "must not contain '.' or '..' components"
        }
        if file.utf8.contains(0) { return "must not contain NUL" }
        return nil
    }
}
