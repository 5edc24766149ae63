/// The containers of `ValueEncoder`. The protocols require an overload for every primitive; each hands on to one
/// generic method, so there is one place per container that stores a value.
struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let convertsKeys: Bool

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func name(_ key: Key) -> String {
        convertsKeys ? SnakeCase.convert(key.stringValue) : key.stringValue
    }

    mutating func encodeNil(forKey key: Key) throws { encoder.append(.value(.null), key: name(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try store(value, key) }

    private func store<T: Encodable>(_ value: T, _ key: Key) throws {
        encoder.append(.value(try Primitive.encode(value, codingPath: codingPath + [key])), key: name(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        nested(key, name(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nested(key, name(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nested(SuperKey(), "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key, name(key)) }

    private func nested(_ key: any CodingKey, _ name: String) -> ValueEncoder {
        let child = ValueEncoder(codingPath: codingPath + [key])
        encoder.append(.nested(child), key: name)
        return child
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.count }

    mutating func encodeNil() throws { encoder.append(.value(.null)) }
    mutating func encode(_ value: Bool) throws { try store(value) }
    mutating func encode(_ value: String) throws { try store(value) }
    mutating func encode(_ value: Double) throws { try store(value) }
    mutating func encode(_ value: Float) throws { try store(value) }
    mutating func encode(_ value: Int) throws { try store(value) }
    mutating func encode(_ value: Int8) throws { try store(value) }
    mutating func encode(_ value: Int16) throws { try store(value) }
    mutating func encode(_ value: Int32) throws { try store(value) }
    mutating func encode(_ value: Int64) throws { try store(value) }
    mutating func encode(_ value: UInt) throws { try store(value) }
    mutating func encode(_ value: UInt8) throws { try store(value) }
    mutating func encode(_ value: UInt16) throws { try store(value) }
    mutating func encode(_ value: UInt32) throws { try store(value) }
    mutating func encode(_ value: UInt64) throws { try store(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try store(value) }

    private func store<T: Encodable>(_ value: T) throws {
        encoder.append(.value(try Primitive.encode(value, codingPath: codingPath + [IndexKey(count)])))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nested().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nested().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { nested() }

    private func nested() -> ValueEncoder {
        let child = ValueEncoder(codingPath: codingPath + [IndexKey(count)])
        encoder.append(.nested(child))
        return child
    }
}

/// Writes the encoder's whole value; a nested `Encodable` is encoded in place, at the same coding path.
struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.storage = .single(.null) }
    mutating func encode(_ value: Bool) throws { try store(value) }
    mutating func encode(_ value: String) throws { try store(value) }
    mutating func encode(_ value: Double) throws { try store(value) }
    mutating func encode(_ value: Float) throws { try store(value) }
    mutating func encode(_ value: Int) throws { try store(value) }
    mutating func encode(_ value: Int8) throws { try store(value) }
    mutating func encode(_ value: Int16) throws { try store(value) }
    mutating func encode(_ value: Int32) throws { try store(value) }
    mutating func encode(_ value: Int64) throws { try store(value) }
    mutating func encode(_ value: UInt) throws { try store(value) }
    mutating func encode(_ value: UInt8) throws { try store(value) }
    mutating func encode(_ value: UInt16) throws { try store(value) }
    mutating func encode(_ value: UInt32) throws { try store(value) }
    mutating func encode(_ value: UInt64) throws { try store(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try store(value) }

    private func store<T: Encodable>(_ value: T) throws {
        encoder.storage = .single(try Primitive.encode(value, codingPath: codingPath))
    }
}

/// The JSON of one value: the primitives directly, anything else through its own `encode(to:)`.
enum Primitive {
    static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        switch value {
        case let flag as Bool: return .bool(flag)
        case let text as String: return .string(text)
        case let number as Double: return try ValueEncoder.number(number, codingPath: codingPath)
        case let number as Float: return try ValueEncoder.number(number, codingPath: codingPath)
        case let integer as Int: return .number(Double(integer))
        case let integer as Int64: return .number(Double(integer))
        case let integer as Int32: return .number(Double(integer))
        case let integer as Int16: return .number(Double(integer))
        case let integer as Int8: return .number(Double(integer))
        case let integer as UInt: return .number(Double(integer))
        case let integer as UInt64: return .number(Double(integer))
        case let integer as UInt32: return .number(Double(integer))
        case let integer as UInt16: return .number(Double(integer))
        case let integer as UInt8: return .number(Double(integer))
        default: return try ValueEncoder.box(value, codingPath: codingPath)
        }
    }
}
