/// IANA zone names as the product accepts them, from a request, the config or the command line.
public enum ZoneName {
    /// Relative, no empty, '.' or '..' parts, only the characters IANA names use, so a name can never lead
    /// out of the zoneinfo folder. Whether the zone exists is for the system's tz database to say.
    public static func isWellFormed(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        return identifier.utf8.count <= 255 && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            && identifier.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0)
                    || "/_-+.".unicodeScalars.contains($0)
            }
    }
}
