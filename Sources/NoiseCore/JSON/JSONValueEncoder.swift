/// Turns any `Encodable` into a `JSONValue` the way the protocol's Foundation `JSONEncoder` configuration does
/// (keys converted to snake_case, dictionary keys left as they are, absent optionals left out, non-finite numbers
/// refused), without Foundation: its encoder spent most of a status reply's time converting keys and casting.
/// `JSONWriter` then makes the bytes. Integers are held as Doubles (`JSONValue.number`), so ones beyond 2^53
/// would lose precision; the protocol has none (ids and Unix times are far below).
public enum JSONValueEncoder {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        try ValueEncoder.box(value, parent: nil, key: nil)
    }
}

/// A value whose JSON is known only once encoding ends: a nested container or a super encoder.
protocol PendingJSON: AnyObject {
    func finish() -> JSONValue
}

/// One node of the value being encoded. Keeps its parent and key instead of a coding path, so the path (needed
/// only for errors) costs nothing unless asked for.
final class ValueEncoder: Encoder, PendingJSON {
    enum Result {
        case empty
        case value(JSONValue)
        case object(ObjectBox)
        case array(ArrayBox)
    }

    let parent: ValueEncoder?
    let key: (any CodingKey)?
    var result = Result.empty
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
        let box: ObjectBox
        if case .object(let existing) = result {
            box = existing
        } else {
            box = ObjectBox()
            result = .object(box)
        }
        let converts: Bool
        if probing {
            probedKeyType = ObjectIdentifier(Key.self)
            converts = false
        } else {
            converts = ObjectIdentifier(Key.self) != DictionaryKeys.type
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, box: box, convertsKeys: converts))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: ArrayBox
        if case .array(let existing) = result {
            box = existing
        } else {
            box = ArrayBox()
            result = .array(box)
        }
        return UnkeyedContainer(encoder: self, box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// A type that encodes nothing is `{}`, as with Foundation.
    func finish() -> JSONValue {
        switch result {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let box): box.finish()
        case .array(let box): box.finish()
        }
    }

    /// The JSON of one child value. The protocol's common leaf types skip the child encoder; a type comparison is
    /// a pointer comparison, unlike the protocol casts Foundation makes for every value.
    static func box<T: Encodable>(_ value: T, parent: ValueEncoder?, key: (any CodingKey)?) throws -> JSONValue {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Double.self { return try number(value as! Double, parent: parent, key: key) }
        if T.self == Int.self { return .number(Double(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Int64.self { return .number(Double(value as! Int64)) }
        if T.self == JSONValue.self { return value as! JSONValue }
        if T.self == [String: JSONValue].self { return .object(value as! [String: JSONValue]) }
        let child = ValueEncoder(parent: parent, key: key)
        try value.encode(to: child)
        return child.finish()
    }

    static func number(_ value: Double, parent: ValueEncoder?, key: (any CodingKey)?) throws -> JSONValue {
        guard value.isFinite else {
            var path = parent?.codingPath ?? []
            if let key { path.append(key) }
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        return .number(value)
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

/// An object being filled; nested containers are resolved when encoding ends.
final class ObjectBox: PendingJSON {
    var fields: [String: JSONValue] = [:]
    var pending: [(key: String, value: any PendingJSON)] = []

    func finish() -> JSONValue {
        for (key, value) in pending { fields[key] = value.finish() }
        return .object(fields)
    }
}

/// An array being filled; nested containers hold a place and are resolved when encoding ends.
final class ArrayBox: PendingJSON {
    var items: [JSONValue] = []
    var pending: [(index: Int, value: any PendingJSON)] = []

    func finish() -> JSONValue {
        for (index, value) in pending { items[index] = value.finish() }
        return .array(items)
    }
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
