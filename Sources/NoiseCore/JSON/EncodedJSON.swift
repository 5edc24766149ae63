/// What `ValueEncoder` builds: objects keep their fields as a list in encoding order rather than a dictionary,
/// because hashing every key (and growing the table) was a large part of encoding a reply. `JSONWriter` sorts
/// the fields; `JSONValueEncoder.encode` turns the tree into a `JSONValue`. A key encoded twice keeps its last
/// value, as with Foundation.
enum EncodedJSON {
    case value(JSONValue)
    case object([EncodedField])
    case array([EncodedJSON])

    var jsonValue: JSONValue {
        switch self {
        case .value(let value): return value
        case .array(let items): return .array(items.map(\.jsonValue))
        case .object(let fields):
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(fields.count)
            for field in fields { object[field.key] = field.value.jsonValue }
            return .object(object)
        }
    }
}

struct EncodedField {
    var key: String
    var value: EncodedJSON
}

extension JSONWriter {
    static func write(_ node: EncodedJSON, into out: inout [UInt8]) {
        switch node {
        case .value(let value): write(value, into: &out)
        case .array(let items):
            writeArray(items, into: &out) { item, out in write(item, into: &out) }
        case .object(let fields) where zip(fields, fields.dropFirst()).allSatisfy({ $0.key < $1.key }):
            // Already in key order with no key twice (a struct declaring its properties in key order): no sort, no index array.
            out.append(UInt8(ascii: "{"))
            for (position, field) in fields.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                writeString(field.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(field.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .object(let fields):
            // Sorted by key as `write(JSONValue)` does; equal keys stay in encoding order, and only the last is written.
            let order = fields.indices.sorted { left, right in
                let a = fields[left].key, b = fields[right].key
                return a == b ? left < right : a < b
            }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (position, index) in order.enumerated() {
                if position + 1 < order.count, fields[order[position + 1]].key == fields[index].key { continue }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(fields[index].key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(fields[index].value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
