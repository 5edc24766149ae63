/// An optional that the protocol writes as an explicit `null` when absent (Swift's coders leave absent optionals
/// out), so scripts can test every documented key. Reading accepts `null` or a missing key.
///
/// The conformances are conditional, not requirements of the type: then the runtime can make the metadata of
/// `ExplicitNull<AlarmInfo>` without looking up `AlarmInfo`'s conformances, a scan of every conformance in the
/// binary that costs the client about 0.1 ms per type on a cold start (docs/performance.md, row 1).
@propertyWrapper
public struct ExplicitNull<Value> {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }
}

extension ExplicitNull: Sendable where Value: Sendable {}
extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Hashable where Value: Hashable {}

extension ExplicitNull: Codable where Value: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key reads as absent, as for a plain optional.
    public func decode<Value: Codable>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value>
    {
        try decodeIfPresent(type, forKey: key) ?? ExplicitNull(wrappedValue: nil)
    }
}
