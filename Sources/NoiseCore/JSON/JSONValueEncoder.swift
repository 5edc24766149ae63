/// Turns any `Encodable` into a `JSONValue` the way the protocol's Foundation `JSONEncoder` configuration does
/// (keys converted to snake_case, dictionary keys left as they are, absent optionals left out, non-finite numbers
/// refused), without Foundation: its encoder spent most of a status reply's time converting keys and casting.
/// `JSONWriter` then makes the bytes. Integers are held as Doubles (`JSONValue.number`), so ones beyond 2^53
/// would lose precision; the protocol has none (ids and Unix times are far below).
public enum JSONValueEncoder {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        try encodeTree(value).jsonValue
    }

    /// The encoded tree before it becomes a `JSONValue`; `JSONCoding.line` writes it directly.
    static func encodeTree(_ value: some Encodable) throws -> EncodedJSON {
        try ValueEncoder.box(value, parent: nil, key: nil)
    }
}

/// One node of the value being encoded, and the storage of the containers it hands out (one object per node:
/// allocations are much of an encoder's cost). Keeps its parent and key instead of a coding path, so the path
/// (needed only for errors) costs nothing unless asked for.
final class ValueEncoder: Encoder {
    enum Kind {
        case empty, single, object, array
    }

    let parent: ValueEncoder?
    let key: (any CodingKey)?
    var kind = Kind.empty
    var single = EncodedJSON.value(.null)
    var fields: [EncodedField] = []
    var items: [EncodedJSON] = []
    /// Nested containers and super encoders: their place in `fields` or `items`, filled when encoding ends.
    var pending: [(index: Int, child: ValueEncoder)] = []
    /// Set only while finding `DictionaryKeys.type`.
    var probedKeyType: ObjectIdentifier?
    let probing: Bool

    init(parent: ValueEncoder?, key: (any CodingKey)?, probing: Bool = false) {
        self.parent = parent
        self.key = key
        self.probing = probing
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if kind != .object {
            kind = .object
            fields.reserveCapacity(8)
        }
        let converts: Bool
        if probing {
            probedKeyType = ObjectIdentifier(Key.self)
            converts = false
        } else {
            converts = ObjectIdentifier(Key.self) != DictionaryKeys.type
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, convertsKeys: converts))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        kind = .array
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// A child whose value is filled in at `index` of `fields` or `items` when encoding ends.
    func pendingChild(at index: Int, key: any CodingKey) -> ValueEncoder {
        let child = ValueEncoder(parent: self, key: key)
        pending.append((index, child))
        return child
    }

    /// A type that encodes nothing is `{}`, as with Foundation.
    func finish() -> EncodedJSON {
        switch kind {
        case .empty: return .object([])
        case .single: return single
        case .object:
            for (index, child) in pending { fields[index].value = child.finish() }
            return .object(fields)
        case .array:
            for (index, child) in pending { items[index] = child.finish() }
            return .array(items)
        }
    }

    /// The JSON of one child value. The protocol's common leaf types skip the child encoder; a type comparison is
    /// a pointer comparison, unlike the protocol casts Foundation makes for every value.
    static func box<T: Encodable>(_ value: T, parent: ValueEncoder?, key: (any CodingKey)?) throws -> EncodedJSON {
        if T.self == String.self { return .value(.string(reinterpret(value, as: String.self))) }
        if T.self == Double.self { return .value(try number(reinterpret(value, as: Double.self), parent: parent, key: key)) }
        if T.self == Int.self { return .value(.number(Double(reinterpret(value, as: Int.self)))) }
        if T.self == Bool.self { return .value(.bool(reinterpret(value, as: Bool.self))) }
        if T.self == Int64.self { return .value(.number(Double(reinterpret(value, as: Int64.self)))) }
        if T.self == JSONValue.self { return .value(reinterpret(value, as: JSONValue.self)) }
        let child = ValueEncoder(parent: parent, key: key)
        try value.encode(to: child)
        return child.finish()
    }

    /// `value` as `U`, which the caller has checked is its type: no runtime cast needed.
    @inline(__always)
    private static func reinterpret<T, U>(_ value: T, as type: U.Type) -> U {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: U.self) }
    }

    static func number(_ value: Double, parent: ValueEncoder?, key: (any CodingKey)?) throws -> JSONValue {
        .number(try finite(value, parent: parent, key: key))
    }

    /// The number itself, or Foundation's error for one JSON cannot hold.
    static func finite(_ value: Double, parent: ValueEncoder?, key: (any CodingKey)?) throws -> Double {
        guard value.isFinite else { throw nonFinite(value, parent: parent, key: key) }
        return value
    }

    /// Without a coding path: a caller does not make and destroy an empty existential for every number (a `status`
    /// reply writes one per request).
    static func finite(_ value: Double) throws -> Double {
        guard value.isFinite else { throw nonFinite(value, parent: nil, key: nil) }
        return value
    }

    private static func nonFinite(_ value: Double, parent: ValueEncoder?, key: (any CodingKey)?) -> EncodingError {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: path, debugDescription: "Unable to encode Double.\(value) directly in JSON."))
    }

    /// Foundation writes a Float by its own shortest digits (0.1, not 0.10000000149011612); going through the
    /// text keeps that.
    static func number(_ value: Float, parent: ValueEncoder?, key: (any CodingKey)?) throws -> JSONValue {
        guard value.isFinite else { return try number(Double(value), parent: parent, key: key) }
        return .number(Double(value.description) ?? Double(value))
    }
}

/// The CodingKey type `Dictionary` uses for its keys (private to the stdlib), found once by encoding a dictionary
/// through a probing encoder. Foundation does not convert dictionary keys to snake_case; neither do we.
enum DictionaryKeys {
    static let type: ObjectIdentifier? = {
        let probe = ValueEncoder(parent: nil, key: nil, probing: true)
        try? ["key": 0].encode(to: probe)
        return probe.probedKeyType
    }()
}

/// The key of an array element in a coding path.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// The key `superEncoder()` uses, as in Foundation.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(intValue: Int) { nil }
    init?(stringValue: String) { nil }
}
