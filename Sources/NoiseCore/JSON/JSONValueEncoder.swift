/// Turns any `Encodable` into a `JSONValue`: property names converted to snake_case (`SnakeCase`), dictionary keys
/// left as they are, absent optionals left out (`ExplicitNull` writes `null`), non-finite numbers refused.
/// Integers are held as Doubles (`JSONValue.number`), exact up to 2^53: the protocol's ids and times are far below.
public enum JSONValueEncoder {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        try ValueEncoder.box(value, codingPath: [])
    }
}

/// One value being encoded. A reference type: the containers it hands out fill it in, and a nested container's
/// value is collected from its own encoder when the parent finishes.
final class ValueEncoder: Encoder {
    enum Storage {
        case empty
        case single(JSONValue)
        case object([(key: String, value: Slot)])
        case array([Slot])
    }

    /// A member: its value, or the encoder of a nested container that will make it.
    enum Slot {
        case value(JSONValue)
        case nested(ValueEncoder)

        var value: JSONValue {
            switch self {
            case .value(let value): value
            case .nested(let encoder): encoder.finish()
            }
        }
    }

    let codingPath: [any CodingKey]
    var storage = Storage.empty
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = storage {} else { storage = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, convertsKeys: !DictionaryKey.isKey(of: Key.self)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = storage {} else { storage = .array([]) }
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    func append(_ slot: Slot, key: String) {
        guard case .object(var fields) = storage else { return }
        fields.append((key, slot))
        storage = .object(fields)
    }

    func append(_ slot: Slot) {
        guard case .array(var items) = storage else { return }
        items.append(slot)
        storage = .array(items)
    }

    var count: Int {
        if case .array(let items) = storage { items.count } else { 0 }
    }

    /// A type that encodes nothing is `{}`; a key encoded twice keeps its last value.
    func finish() -> JSONValue {
        switch storage {
        case .empty: return .object([:])
        case .single(let value): return value
        case .array(let items): return .array(items.map(\.value))
        case .object(let fields):
            return .object(Dictionary(fields.map { ($0.key, $0.value.value) }, uniquingKeysWith: { _, last in last }))
        }
    }

    static func box<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        let encoder = ValueEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.finish()
    }

    static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) cannot be written as a JSON number"))
        }
        return .number(value)
    }

    /// A Float by its own shortest digits (0.1, not 0.10000000149011612).
    static func number(_ value: Float, codingPath: [any CodingKey]) throws -> JSONValue {
        try number(Double(value.description) ?? Double(value), codingPath: codingPath)
    }
}

/// The CodingKey type `Dictionary` uses for its keys (private to the standard library), found once by encoding a
/// dictionary: its keys are data (sound ids), not property names, so they are not converted to snake_case.
enum DictionaryKey {
    private static let type: ObjectIdentifier? = {
        let probe = KeyTypeProbe()
        try? ["key": 0].encode(to: probe)
        return probe.keyType
    }()

    static func isKey<Key: CodingKey>(of _: Key.Type) -> Bool {
        ObjectIdentifier(Key.self) == type
    }
}

/// An encoder that only notes the key type of the first keyed container asked of it.
private final class KeyTypeProbe: Encoder {
    var keyType: ObjectIdentifier?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        keyType = ObjectIdentifier(Key.self)
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: ValueEncoder(codingPath: []), convertsKeys: false))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { ValueEncoder(codingPath: []).unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { ValueEncoder(codingPath: []).singleValueContainer() }
}

/// The key of an array element in a coding path.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// The key `superEncoder()` and `superDecoder()` use.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(intValue: Int) { nil }
    init?(stringValue: String) { nil }
}
