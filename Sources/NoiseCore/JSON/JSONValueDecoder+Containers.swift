/// The containers of `ValueDecoder`. The generic `decode` also stands for the protocols' overloads for each
/// primitive (a generic method can meet a requirement for one type).
struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    /// A property's value, under its Swift name (a dictionary's keys, explicit CodingKeys) or its snake_case one.
    private func field(_ key: Key) -> JSONValue? {
        fields[key.stringValue] ?? fields[SnakeCase.convert(key.stringValue)]
    }

    func contains(_ key: Key) -> Bool { field(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try required(key) == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, key) }

    private func read<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try ValueDecoder.unbox(try required(key), as: type, codingPath: codingPath + [key])
    }

    private func required(_ key: Key) throws -> JSONValue {
        guard let value = field(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no \"\(key.stringValue)\""))
        }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try required(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try required(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: fields["super"] ?? .null, codingPath: codingPath + [SuperKey()])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: field(key) ?? .null, codingPath: codingPath + [key])
    }
}

struct UnkeyedReader: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard try peek() == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }

    private mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try ValueDecoder.unbox(try peek(), as: type, codingPath: codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return value
    }

    private mutating func next() throws -> ValueDecoder {
        let decoder = ValueDecoder(value: try peek(), codingPath: codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return decoder
    }

    private func peek() throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath + [IndexKey(currentIndex)],
                                                                      debugDescription: "the array has \(items.count) items"))
        }
        return items[currentIndex]
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct SingleValueReader: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        try ValueDecoder.unbox(value, as: type, codingPath: codingPath)
    }
}
