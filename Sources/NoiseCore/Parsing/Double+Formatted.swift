extension Double {
    /// A number as people write it: `5` rather than `5.0`.
    public var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
