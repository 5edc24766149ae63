/// The containers of `ValueEncoder`. Every primitive overload is spelled out so synthesized `Codable` code, which
/// calls them directly, never takes the generic path.
struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let convertsKeys: Bool

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func name(_ key: Key) -> String {
        convertsKeys ? SnakeCase.convert(key.stringValue) : key.stringValue
    }

    private func set(_ value: JSONValue, _ key: Key) {
        encoder.fields.append(EncodedField(key: name(key), value: .value(value)))
    }

    private func set(_ node: EncodedJSON, _ key: Key) {
        encoder.fields.append(EncodedField(key: name(key), value: node))
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try ValueEncoder.number(value, parent: encoder, key: key), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try ValueEncoder.number(value, parent: encoder, key: key), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(Double(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try ValueEncoder.box(value, parent: encoder, key: key), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        child(key, key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(key, key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        child(nil, SuperKey())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        child(key, key)
    }

    /// A child encoder whose value takes this key's place once encoding ends (`nil`: the key "super").
    private func child(_ key: Key?, _ codingKey: any CodingKey) -> ValueEncoder {
        let child = encoder.pendingChild(at: encoder.fields.count, key: codingKey)
        encoder.fields.append(EncodedField(key: key.map(name) ?? "super", value: .value(.null)))
        return child
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.items.count }

    private func append(_ value: JSONValue) { encoder.items.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        append(try ValueEncoder.number(value, parent: encoder, key: IndexKey(count)))
    }
    mutating func encode(_ value: Float) throws {
        append(try ValueEncoder.number(value, parent: encoder, key: IndexKey(count)))
    }
    mutating func encode(_ value: Int) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { append(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.items.append(try ValueEncoder.box(value, parent: encoder, key: IndexKey(count)))
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
        let child = encoder.pendingChild(at: count, key: IndexKey(count))
        append(.null)
        return child
    }
}

/// Writes the encoder's whole value; a nested `Encodable` is encoded in place, at the same coding path.
struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue) { set(.value(value)) }

    private func set(_ node: EncodedJSON) {
        encoder.kind = .single
        encoder.single = node
    }

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
