/// The catalog's and the saved mixes' limits, with the catalog.
public enum CatalogLimits {
    /// Longest display name of a sound.
    public static let maxNameLength = 80
    /// Saved mixes: names as long as sound ids, and at most this many (a mix is a handful of rows).
    public static let maxMixes = 200
}
