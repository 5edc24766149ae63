/// The containers of `ValueEncoder`. The generic `encode` also stands for the protocols' overloads for each
/// primitive (a generic method can meet a requirement for one type), so one method per container stores a value.
struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let convertsKeys: Bool

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func name(_ key: Key) -> String {
        convertsKeys ? SnakeCase.convert(key.stringValue) : key.stringValue
    }

    mutating func encodeNil(forKey key: Key) throws { encoder.append(.value(.null), key: name(key)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try store(value, key) }

    private func store<T: Encodable>(_ value: T, _ key: Key) throws {
        encoder.append(.value(try Primitive.encode(value, parent: encoder, key: key)), key: name(key))
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
        let child = ValueEncoder(parent: encoder, key: key)
        encoder.append(.nested(child), key: name)
        return child
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.count }

    mutating func encodeNil() throws { encoder.append(.value(.null)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try store(value) }

    private func store<T: Encodable>(_ value: T) throws {
        encoder.append(.value(try Primitive.encode(value, parent: encoder, key: IndexKey(count))))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nested().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nested().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { nested() }

    private func nested() -> ValueEncoder {
        let child = ValueEncoder(parent: encoder, key: IndexKey(count))
        encoder.append(.nested(child))
        return child
    }
}

/// Writes the encoder's whole value; a nested `Encodable` is encoded in place, at the same coding path.
struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try store(value) }

    private func store<T: Encodable>(_ value: T) throws {
        encoder.set(try Primitive.encode(value, parent: encoder.parent, key: encoder.key))
    }
}

/// The JSON of one value: the primitives directly, anything else through its own `encode(to:)`. A type is
/// compared before it is cast, so a struct costs no failing casts, and a primitive one cast that cannot fail.
enum Primitive {
    static func encode<T: Encodable>(_ value: T, parent: ValueEncoder?, key: (any CodingKey)?) throws -> JSONValue {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Double.self { return try ValueEncoder.number(value as! Double, parent: parent, key: key) }
        if T.self == Int.self { return .number(Double(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Int64.self { return .number(Double(value as! Int64)) }
        if T.self == JSONValue.self { return value as! JSONValue }
        if T.self == Float.self {
            // By its own shortest digits (0.1, not 0.10000000149011612).
            let float = value as! Float
            return try ValueEncoder.number(Double(float.description) ?? Double(float), parent: parent, key: key)
        }
        if isSmallInteger(T.self), let integer = value as? any BinaryInteger { return .number(Double(integer)) }
        return try ValueEncoder.box(value, parent: parent, key: key)
    }

    private static func isSmallInteger<T>(_ type: T.Type) -> Bool {
        T.self == Int32.self || T.self == Int16.self || T.self == Int8.self || T.self == UInt.self
            || T.self == UInt64.self || T.self == UInt32.self || T.self == UInt16.self || T.self == UInt8.self
    }
}
