/// A type that writes its JSON bytes by hand, skipping Codable and any tree in between: the status reply and
/// what it contains, which the daemon sends on every `status` and to every subscriber. Codable's containers
/// (a boxed, generic container per struct, a call per key) and then a tree of arrays and strings to sort and
/// walk were most of the time a `status` took; writing straight into the line is several times faster
/// (docs/performance.md, row 2). The output must equal the Codable encoding byte for byte: the parity tests
/// compare both with Foundation for every field present and absent, so a field added to a type but not here,
/// or written out of key order, fails them.
protocol JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws
}

/// One JSON text being written, with Foundation's rules as `JSONWriter` has them (sorted keys, which the
/// writers give by listing their fields in key order; non-finite numbers refused; an absent `ExplicitNull`
/// value written as `null`).
struct JSONOutput {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The line for `value`: written by hand when its type can, through Codable otherwise.
    static func line(_ value: some Encodable) throws -> [UInt8] {
        var out = JSONOutput(capacity: 1024)
        try out.value(value)
        return out.bytes
    }

    /// `{…}`, the members written by `members` with `field`, in key order.
    mutating func object(_ members: (inout JSONOutput) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "{"))
        try members(&self)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Whatever `body` appends, as it is (a value whose writer works on bytes).
    mutating func writing(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
    }

    /// Bytes written before, as they are.
    mutating func raw(_ written: [UInt8]) {
        bytes.append(contentsOf: written)
    }

    /// `"key":` and the comma before it unless it is the object's first member. Keys are snake_case ASCII,
    /// which JSON needs no escape for.
    mutating func key(_ key: StaticString) {
        if bytes.last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func field(_ name: StaticString, _ value: some JSONWritable) throws {
        key(name)
        try value.writeJSON(to: &self)
    }

    mutating func field(_ name: StaticString, _ value: (some JSONWritable)?) throws {
        key(name)
        if let value { try value.writeJSON(to: &self) } else { null() }
    }

    mutating func field(_ name: StaticString, _ values: [some JSONWritable]) throws {
        key(name)
        try values.writeJSON(to: &self)
    }

    mutating func field(_ name: StaticString, _ text: String) {
        key(name)
        JSONWriter.writeString(text, into: &bytes)
    }

    mutating func field(_ name: StaticString, _ text: String?) {
        key(name)
        if let text { JSONWriter.writeString(text, into: &bytes) } else { null() }
    }

    mutating func field(_ name: StaticString, _ texts: [String]) {
        key(name)
        array(texts) { text, out in JSONWriter.writeString(text, into: &out.bytes) }
    }

    mutating func field(_ name: StaticString, _ flag: Bool) {
        key(name)
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    /// Integers are written as the Double they convert to, as Foundation writes them.
    mutating func field(_ name: StaticString, _ integer: some BinaryInteger) {
        key(name)
        JSONWriter.writeNumber(Double(integer), into: &bytes)
    }

    /// A non-finite number is refused with Codable's error, as Foundation refuses it.
    mutating func field(_ name: StaticString, _ number: Double) throws {
        key(name)
        try self.number(number)
    }

    mutating func number(_ number: Double) throws {
        JSONWriter.writeNumber(try ValueEncoder.finite(number), into: &bytes)
    }

    /// Any value: the envelopes' `data`. The check is one conformance lookup, cached by the runtime.
    mutating func field(_ name: StaticString, encoding value: some Encodable) throws {
        key(name)
        try self.value(value)
    }

    mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    private mutating func value(_ value: some Encodable) throws {
        if let writable = value as? any JSONWritable {
            try writable.writeJSON(to: &self)
        } else {
            JSONWriter.write(try JSONValueEncoder.encodeTree(value), into: &bytes)
        }
    }

    fileprivate mutating func array<Item>(_ items: [Item], _ element: (Item, inout JSONOutput) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "["))
        for (position, item) in items.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            try element(item, &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}

/// A list of writable values is written directly too: `alarm_list`'s reply is `[AlarmInfo]`, 10,000 alarms and
/// more, which went through Codable's containers one alarm at a time.
extension Array: JSONWritable where Element: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.array(self) { value, out in try value.writeJSON(to: &out) }
    }
}
