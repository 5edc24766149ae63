/// Reads any `Decodable` from a `JSONValue`, the reverse of `JSONValueEncoder`: a property is found under its own
/// name or its snake_case wire name (`SnakeCase`), a dictionary's keys as they are; integers must be exact and in
/// range; a mismatch is a `DecodingError` with the path to the field.
public enum JSONValueDecoder {
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder.unbox(value, as: type, codingPath: [])
    }
}

struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw Self.mismatch([String: JSONValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedReader<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw Self.mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedReader(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueReader(value: value, codingPath: codingPath)
    }

    /// `value` as `T`: the primitives directly, anything else through its own `init(from:)`.
    static func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, codingPath: [any CodingKey]) throws -> T {
        if T.self == JSONValue.self { return value as! T }
        let primitive: Any?
        switch value {
        case .bool(let flag): primitive = T.self == Bool.self ? flag : nil
        case .string(let text): primitive = T.self == String.self ? text : nil
        case .number(let number): primitive = try Self.number(number, as: type, codingPath: codingPath)
        default: primitive = nil
        }
        if let primitive { return primitive as! T }
        if isPrimitive(type) { throw mismatch(type, value, codingPath) }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }

    private static func number<T>(_ number: Double, as type: T.Type, codingPath: [any CodingKey]) throws -> Any? {
        func exact<I: FixedWidthInteger>(_ integer: I.Type) throws -> I {
            guard let exact = I(exactly: number) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                        debugDescription: "\(number) is not a whole number that fits \(I.self)"))
            }
            return exact
        }
        switch type {
        case is Double.Type: return number
        case is Float.Type: return Float(number)
        case is Int.Type: return try exact(Int.self)
        case is Int64.Type: return try exact(Int64.self)
        case is Int32.Type: return try exact(Int32.self)
        case is Int16.Type: return try exact(Int16.self)
        case is Int8.Type: return try exact(Int8.self)
        case is UInt.Type: return try exact(UInt.self)
        case is UInt64.Type: return try exact(UInt64.self)
        case is UInt32.Type: return try exact(UInt32.self)
        case is UInt16.Type: return try exact(UInt16.self)
        case is UInt8.Type: return try exact(UInt8.self)
        default: return nil
        }
    }

    private static func isPrimitive<T>(_ type: T.Type) -> Bool {
        switch type {
        case is Bool.Type, is String.Type, is Double.Type, is Float.Type, is Int.Type, is Int64.Type, is Int32.Type,
             is Int16.Type, is Int8.Type, is UInt.Type, is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
            true
        default: false
        }
    }

    static func mismatch<T>(_ type: T.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(T.self), found \(value.typeName)"))
    }
}
