/// Reads one JSON document (RFC 8259, strictly) into a `JSONValue`, without Foundation: no trailing commas,
/// comments, NaN or leading zeros; UTF-8 is validated; nesting deeper than `Limits.maxJSONDepth` is refused
/// (the reader recurses, so the limit is what keeps hostile input from overflowing the stack).
/// Duplicate keys: the last one wins, as with Foundation. A leading UTF-8 byte order mark is skipped, as
/// Foundation does (RFC 8259 allows it).
public enum JSONReader {
    public static func read(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> JSONValue {
        let fast = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONReadError) -> JSONValue in try read(buffer: buffer) }
        }
        if let fast { return try fast.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer throws(JSONReadError) in try read(buffer: buffer) }
    }

    static func read(buffer: UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> JSONValue {
        var parser = JSONParser(bytes: buffer)
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { parser.index = 3 }
        let value = try parser.value()
        parser.skipWhitespace()
        if parser.index < buffer.count { throw parser.error("unexpected data after the JSON value") }
        return value
    }
}

/// The recursive-descent parser over a byte buffer. Strings and numbers live in their own files.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// The fields of the objects being read, innermost last: an object's fields are gathered here and the
    /// dictionary made at its end with the right capacity, since growing it (rehashing every key) was a large
    /// part of reading a reply. Shared by all levels, so it is allocated once per document.
    var pendingFields: [(key: String, value: JSONValue)] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONReadError {
        JSONReadError(offset: offset ?? index, reason: reason)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value() throws(JSONReadError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character, expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw error("unexpected end of input in a literal") }
        let text = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != text[offset] {
            throw error("invalid literal, expected \(word)", at: index + offset)
        }
        index += count
    }

    private mutating func enter() throws(JSONReadError) {
        depth += 1
        if depth > Limits.maxJSONDepth { throw error("nesting deeper than \(Limits.maxJSONDepth) levels") }
        index += 1
    }

    private mutating func array() throws(JSONReadError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func object() throws(JSONReadError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        let start = pendingFields.count
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an object") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            let value = try value()
            pendingFields.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                var fields = [String: JSONValue](minimumCapacity: pendingFields.count - start)
                // In document order, so a repeated key keeps its last value.
                for field in pendingFields[start...] { fields[field.key] = field.value }
                pendingFields.removeSubrange(start...)
                return .object(fields)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }
}
