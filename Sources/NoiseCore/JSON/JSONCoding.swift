#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one way to turn a value into protocol JSON and back, for the daemon, the client and the tests: Codable
/// through Foundation's coders, snake_case keys (property names only; dictionary keys are data and stay as they
/// are), sorted keys, slashes unescaped. FoundationEssentials keeps the static client free of the rest of Foundation.
public enum JSONCoding {
    /// A value as one line of text: sorted keys, no newline inside, none at the end.
    public static func line(_ value: some Encodable) throws -> [UInt8] {
        Array(try lineEncoder.encode(value))
    }

    /// `head`, a value as one line, then `tail`, in one array: a large value is not copied again to be framed.
    public static func line(_ value: some Encodable, after head: [UInt8], before tail: [UInt8]) throws -> [UInt8] {
        let encoded = try lineEncoder.encode(value)
        var line: [UInt8] = []
        line.reserveCapacity(head.count + encoded.count + tail.count)
        line += head
        line += encoded
        line += tail
        return line
    }

    /// A value as indented text, for files people edit.
    public static func pretty(_ value: some Encodable) throws -> [UInt8] {
        Array(try prettyEncoder.encode(value))
    }

    /// RFC 8259 as Foundation reads it: UTF-8, no comments, nesting at most 512 deep; a trailing comma is let
    /// through and the first of a repeated key counts.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try decoder.decode(type, from: Data(bytes))
    }

    private static let lineEncoder = encoder([.sortedKeys, .withoutEscapingSlashes])
    private static let prettyEncoder = encoder([.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])

    private static func encoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = formatting
        return encoder
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()
}

extension JSONCoding {
    /// A decoding error in one line a person can act on: where in the document, and what was wrong.
    public static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(String(describing: error).prefix(200)) }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found): context = found
        case .keyNotFound(let key, let found):
            return at(found.codingPath + [key], "missing")
        @unknown default: return String(describing: error)
        }
        // Foundation says only "The given data was not valid JSON." for a syntax error, without where.
        if let underlying = context.underlyingError { return String(String(describing: underlying).prefix(200)) }
        return at(context.codingPath, context.debugDescription)
    }

    /// A coding path as text (`alarms.ringing[0].alarm.paired_unix`): keys as the JSON and the docs spell them, in
    /// snake case, whatever the Swift type names them (Foundation's errors carry the property's name).
    public static func path(_ keys: [any CodingKey]) -> String {
        keys.map { key in key.intValue.map { "[\($0)]" } ?? "." + snakeCased(key.stringValue) }.joined().trimmingPrefix(
            "."
        ).description
    }

    /// `pairedUnix` as `paired_unix`; a key already in snake case stays as it is, and so does one that does not start
    /// in lower case (a dictionary's key, data such as a sound's name, never a property's).
    static func snakeCased(_ key: String) -> String {
        guard key.first?.isLowercase == true else { return key }
        var out = ""
        for character in key {
            if character.isUppercase {
                if !out.isEmpty { out.append("_") }
                out += character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    private static func at(_ keys: [any CodingKey], _ what: String) -> String {
        keys.isEmpty ? what : "'\(path(keys))': \(what)"
    }
}
