/// A type that builds its encoded JSON by hand, skipping Codable: the status reply and what it contains, which
/// the daemon sends on every `status` and to every subscriber. Even a Foundation-free `Encoder` pays for
/// Codable's containers (a boxed, generic container per struct, a call per key); writing the tree directly
/// is several times faster. The output must equal the Codable encoding byte for byte: the parity tests compare
/// both with Foundation for every field present and absent, so a field added to a type but not here fails them.
protocol JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON
}

/// Shorthands for writing trees by hand, with Foundation's rules (non-finite numbers refused, absent
/// `ExplicitNull` values written as `null`).
extension EncodedJSON {
    static func text(_ text: String) -> EncodedJSON { .value(.string(text)) }
    static func flag(_ flag: Bool) -> EncodedJSON { .value(.bool(flag)) }
    static func integer(_ number: some BinaryInteger) -> EncodedJSON { .value(.number(Double(number))) }

    static func finite(_ number: Double) throws -> EncodedJSON {
        .value(try ValueEncoder.number(number, parent: nil, key: nil))
    }

    static func strings(_ texts: [String]) -> EncodedJSON { .array(texts.map { .value(.string($0)) }) }

    static func orNull(_ value: (some JSONTreeEncodable)?) throws -> EncodedJSON {
        try value?.encodedJSON() ?? .value(.null)
    }

    static func orNull(_ text: String?) -> EncodedJSON {
        text.map { .value(.string($0)) } ?? .value(.null)
    }

    static func list(_ values: [some JSONTreeEncodable]) throws -> EncodedJSON {
        .array(try values.map { try $0.encodedJSON() })
    }

    /// An object from its fields; writing them in key order saves the writer's sort a little work.
    static func object(_ fields: KeyValuePairs<String, EncodedJSON>) -> EncodedJSON {
        .object(fields.map { EncodedField(key: $0.key, value: $0.value) })
    }
}

extension JSONCoding {
    /// The tree of a value: by hand for the types that can, through Codable for the rest. The check is one
    /// conformance lookup per call (cached by the runtime after a type's first); `Replies` skips it for the
    /// envelopes by calling their trees directly.
    static func tree(_ value: some Encodable) throws -> EncodedJSON {
        if let direct = value as? any JSONTreeEncodable { return try direct.encodedJSON() }
        return try JSONValueEncoder.encodeTree(value)
    }
}
