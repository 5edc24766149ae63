/// Turns any `Encodable` into a `JSONValue`: property names converted to snake_case (`SnakeCase`), dictionary keys
/// left as they are, absent optionals left out (`ExplicitNull` writes `null`), non-finite numbers refused.
/// Integers are held as Doubles (`JSONValue.number`), exact up to 2^53: the protocol's ids and times are far below.
public enum JSONValueEncoder {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        try Primitive.encode(value, parent: nil, key: nil)
    }
}

/// One value being encoded. A reference type: the containers it hands out fill it in, and a nested container's
/// value is collected from its own encoder when the parent finishes.
final class ValueEncoder: Encoder {
    enum Kind {
        case empty, single, object, array
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

    /// The coding path, kept as a link to the parent and worked out only when asked for (an error, a custom
    /// `encode(to:)` that reads it): an array built for every value would be much of an encoding's cost.
    let parent: ValueEncoder?
    let key: (any CodingKey)?
    var kind = Kind.empty
    // Stored apart, not as an enum's payloads: an array taken out of an enum to append to is copied whole, which
    // would make encoding a list quadratic in its length.
    var single = JSONValue.null
    private var fields: [(key: String, value: Slot)] = []
    private var items: [Slot] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(parent: ValueEncoder?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        kind = .object
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, convertsKeys: !DictionaryKey.isKey(of: Key.self)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        kind = .array
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    func set(_ value: JSONValue) {
        kind = .single
        single = value
    }

    func append(_ slot: Slot, key: String) {
        fields.append((key, slot))
    }

    func append(_ slot: Slot) {
        items.append(slot)
    }

    var count: Int { items.count }

    /// A type that encodes nothing is `{}`; a key encoded twice keeps its last value.
    func finish() -> JSONValue {
        switch kind {
        case .empty: return .object([:])
        case .single: return single
        case .array: return .array(items.map(\.value))
        case .object:
            return .object(Dictionary(fields.map { ($0.key, $0.value.value) }, uniquingKeysWith: { _, last in last }))
        }
    }

    static func box<T: Encodable>(_ value: T, parent: ValueEncoder?, key: (any CodingKey)?) throws -> JSONValue {
        let encoder = ValueEncoder(parent: parent, key: key)
        try value.encode(to: encoder)
        return encoder.finish()
    }

    static func number(_ value: Double, parent: ValueEncoder?, key: (any CodingKey)?) throws -> JSONValue {
        guard value.isFinite else {
            var path = parent?.codingPath ?? []
            if let key { path.append(key) }
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "\(value) cannot be written as a JSON number"))
        }
        return .number(value)
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
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: ValueEncoder(parent: nil, key: nil), convertsKeys: false))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { ValueEncoder(parent: nil, key: nil).unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { ValueEncoder(parent: nil, key: nil).singleValueContainer() }
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
