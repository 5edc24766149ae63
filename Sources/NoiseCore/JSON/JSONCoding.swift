/// The one way to turn a value into protocol JSON and back, for the daemon, the client and the tests: Codable
/// through `JSONValueEncoder`/`JSONValueDecoder` (snake_case keys), `JSONWriter` and `JSONReader` (strict RFC 8259).
/// Foundation-free, so the static client carries no Foundation JSON.
public enum JSONCoding {
    /// A value as one line of text: sorted keys, no newline inside, none at the end.
    public static func line(_ value: some Encodable) throws -> [UInt8] {
        JSONWriter.write(try JSONValueEncoder.encode(value))
    }

    /// A value as indented text, for files people edit.
    public static func pretty(_ value: some Encodable) throws -> [UInt8] {
        JSONWriter.writePretty(try JSONValueEncoder.encode(value))
    }

    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoder.decode(type, from: value)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONValueDecoder.decode(type, from: try JSONReader.read(bytes))
    }
}
