/// The containers of `ValueEncoder`. Every primitive overload is spelled out so synthesized `Codable` code, which
/// calls them directly, never takes the generic path.
struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let box: ObjectBox
    let convertsKeys: Bool

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func name(_ key: Key) -> String {
        convertsKeys ? SnakeCase.convert(key.stringValue) : key.stringValue
    }

    mutating func encodeNil(forKey key: Key) throws { box.fields[name(key)] = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.fields[name(key)] = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.fields[name(key)] = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        box.fields[name(key)] = try ValueEncoder.number(value, parent: encoder, key: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        box.fields[name(key)] = try ValueEncoder.number(value, parent: encoder, key: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.fields[name(key)] = .number(Double(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.fields[name(key)] = try ValueEncoder.box(value, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        let child = ValueEncoder(parent: encoder, key: key)
        box.pending.append((name(key), child))
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = ValueEncoder(parent: encoder, key: key)
        box.pending.append((name(key), child))
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = ValueEncoder(parent: encoder, key: SuperKey())
        box.pending.append(("super", child))
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = ValueEncoder(parent: encoder, key: key)
        box.pending.append((name(key), child))
        return child
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let box: ArrayBox

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.items.count }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        box.items.append(try ValueEncoder.number(value, parent: encoder, key: IndexKey(count)))
    }
    mutating func encode(_ value: Float) throws {
        box.items.append(try ValueEncoder.number(value, parent: encoder, key: IndexKey(count)))
    }
    mutating func encode(_ value: Int) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { box.items.append(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { box.items.append(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.items.append(try ValueEncoder.box(value, parent: encoder, key: IndexKey(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        child().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        child().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        child()
    }

    /// A child whose value takes the next place once encoding ends.
    private func child() -> ValueEncoder {
        let child = ValueEncoder(parent: encoder, key: IndexKey(count))
        box.pending.append((count, child))
        box.items.append(.null)
        return child
    }
}

/// Writes the encoder's whole value; a nested `Encodable` is encoded in place, at the same coding path.
struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue) { encoder.result = .value(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try ValueEncoder.number(value, parent: encoder, key: nil)) }
    mutating func encode(_ value: Float) throws { set(try ValueEncoder.number(value, parent: encoder, key: nil)) }
    mutating func encode(_ value: Int) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { set(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try ValueEncoder.box(value, parent: encoder, key: nil))
    }
}
