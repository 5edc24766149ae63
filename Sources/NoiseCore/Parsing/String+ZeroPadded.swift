extension String {
    /// `value` in `radix`, zero-padded to `width` digits: `0700`, `00E9`, `07`.
    public init(_ value: some BinaryInteger, radix: Int = 10, uppercase: Bool = false, width: Int) {
        let digits = String(value, radix: radix, uppercase: uppercase)
        self = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
