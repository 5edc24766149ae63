#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one JSON configuration of the protocol: snake_case keys, sorted for stable output.
/// `line` is Foundation-free: the status types and reply envelopes write their bytes by hand (`JSONWritable`),
/// the rest goes through `JSONValueEncoder` and `JSONWriter`; either way they are the bytes `encoder()` gives (the
/// tests compare them); `encoder()` and `decoder()` stay for code that wants Foundation's Codable.
public enum JSONCoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// Encodes a value as one line of text (no newline inside, none at the end).
    public static func line(_ value: some Encodable) throws -> [UInt8] {
        try JSONOutput.line(value)
    }
}
