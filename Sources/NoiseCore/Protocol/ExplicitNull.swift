/// An optional that the protocol writes as an explicit `null` when absent (Swift's coders leave absent optionals
/// out), so scripts can test every documented key. Reading accepts `null` or a missing key.
@propertyWrapper
public struct ExplicitNull<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

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
    public func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        try decodeIfPresent(type, forKey: key) ?? ExplicitNull(wrappedValue: nil)
    }
}
