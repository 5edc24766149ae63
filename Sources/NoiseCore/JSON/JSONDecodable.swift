/// A type read straight from a `JSONValue`, without Codable. The client decodes the status reply this way: each
/// Codable type costs it a Swift-runtime conformance scan on a cold start, which a plain initializer does not.
/// Keys are the snake_case wire names.
public protocol JSONDecodable {
    init(json: JSONValue) throws(JSONDecodingError)
}

/// Why a value could not be read: the path to the field (`alarms.next.alarm.time`, `playing[2].state`) and what
/// was wrong there.
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String = "", _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The same error seen from the enclosing value: `component` is a key or an `[index]`.
    func inside(_ component: String) -> JSONDecodingError {
        let joined = path.isEmpty ? component : (path.hasPrefix("[") ? component + path : component + "." + path)
        return JSONDecodingError(path: joined, reason)
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// The fields of a JSON object, read by wire name.
public struct JSONFields {
    public let fields: [String: JSONValue]

    public init(_ json: JSONValue) throws(JSONDecodingError) {
        guard case .object(let fields) = json else { throw JSONDecodingError("expected an object, got \(json.typeName)") }
        self.fields = fields
    }

    /// A field that must be present and not null.
    public func required<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(JSONDecodingError) -> T {
        guard let value = fields[key], value != .null else { throw JSONDecodingError(path: key, "missing") }
        return try decode(value, key)
    }

    /// A field that may be missing or null.
    public func optional<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(JSONDecodingError) -> T? {
        guard let value = fields[key], value != .null else { return nil }
        return try decode(value, key)
    }

    private func decode<T: JSONDecodable>(_ value: JSONValue, _ key: String) throws(JSONDecodingError) -> T {
        do {
            return try T(json: value)
        } catch {
            throw error.inside(key)
        }
    }
}

extension JSONValue: JSONDecodable {
    public init(json: JSONValue) { self = json }
}

extension String: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .string(let text) = json else { throw JSONDecodingError("expected a string, got \(json.typeName)") }
        self = text
    }
}

extension Bool: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .bool(let flag) = json else { throw JSONDecodingError("expected a boolean, got \(json.typeName)") }
        self = flag
    }
}

extension Double: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .number(let number) = json else { throw JSONDecodingError("expected a number, got \(json.typeName)") }
        self = number
    }
}

extension Int64: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .number(let number) = json else { throw JSONDecodingError("expected an integer, got \(json.typeName)") }
        guard let exact = Int64(exactly: number) else { throw JSONDecodingError("expected an integer, got \(number)") }
        self = exact
    }
}

extension Int: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let wide = try Int64(json: json)
        guard let exact = Int(exactly: wide) else { throw JSONDecodingError("integer out of range") }
        self = exact
    }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .array(let items) = json else { throw JSONDecodingError("expected an array, got \(json.typeName)") }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                result.append(try Element(json: item))
            } catch {
                throw error.inside("[\(index)]")
            }
        }
        self = result
    }
}

/// Enums with String raw values read their raw value.
extension JSONDecodable where Self: RawRepresentable, RawValue == String {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let text = try String(json: json)
        guard let value = Self(rawValue: text) else { throw JSONDecodingError("unknown value \"\(text.prefix(40))\"") }
        self = value
    }
}
