import NoiseCore

/// Reads a request's `args` object field by field, so that each mistake gets an error naming the argument,
/// what was sent and what is accepted. Arguments the command does not know are refused (they are typos).
struct ArgumentReader {
    let command: String
    let args: [String: JSONValue]

    init(command: String, args: [String: JSONValue], accepted: [String]) throws(ProtocolError) {
        self.command = command
        self.args = args
        let unknown = args.keys.filter { !accepted.contains($0) }.sorted()
        if let first = unknown.first {
            let list = accepted.isEmpty ? "none" : accepted.joined(separator: ", ")
            throw ProtocolError(
                .invalidArgument,
                "\(command) has no argument '\(first)'; accepted arguments: \(list)")
        }
    }

    private func fail(_ name: String, _ expected: String, got value: JSONValue) -> ProtocolError {
        ProtocolError(.invalidArgument, "\(command): '\(name)' must be \(expected), got \(Self.describe(value))")
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        // Beyond 2^53 a JSON number has already lost digits: echoing it would show a number the client never sent.
        case .number(let number) where abs(number) > RequestID.maxExactInteger:
            "a number beyond 2^53 (too large to be exact)"
        case .number(let number): "\(number.formatted)"
        case .string(let text): "\"\(text.prefix(40))\""
        default: value.typeName
        }
    }

    /// Every string argument comes through here, so here a NUL is refused: SQLite, C strings and paths end at one,
    /// and a text stored cut short would be less than the reply acknowledged.
    func string(_ name: String) throws(ProtocolError) -> String? {
        guard let value = args[name], value != .null else { return nil }
        guard case .string(let text) = value else { throw fail(name, "a string", got: value) }
        if let position = UTF8Text.nulPosition(in: text) {
            throw ProtocolError(
                .invalidArgument,
                "\(command): '\(name)' has a NUL character (U+0000) at character "
                    + "\(position); text cannot hold one")
        }
        return text
    }

    func requiredString(_ name: String) throws(ProtocolError) -> String {
        guard let text = try string(name) else {
            throw ProtocolError(.invalidArgument, "\(command) needs '\(name)' (a string)")
        }
        return text
    }

    /// A number in `range`; `unit` completes the message ("seconds", "").
    func number(_ name: String, in range: ClosedRange<Double>, unit: String = "") throws(ProtocolError) -> Double? {
        guard let value = args[name], value != .null else { return nil }
        let expected =
            "a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)"
            + (unit.isEmpty ? "" : " \(unit)")
        guard case .number(let number) = value, number.isFinite, range.contains(number) else {
            throw fail(name, expected, got: value)
        }
        // -0 is 0: echoed as `-0` it reads as a sign the value never had.
        return number == 0 ? 0 : number
    }

    func requiredNumber(_ name: String, in range: ClosedRange<Double>) throws(ProtocolError) -> Double {
        guard let number = try number(name, in: range) else {
            throw ProtocolError(
                .invalidArgument,
                "\(command) needs '\(name)' (a number from \(range.lowerBound.formatted) to "
                    + "\(range.upperBound.formatted))")
        }
        return number
    }

    func bool(_ name: String) throws(ProtocolError) -> Bool? {
        guard let value = args[name], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw fail(name, "true or false", got: value) }
        return flag
    }

    /// A whole number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>, unit: String = "") throws(ProtocolError) -> Int? {
        guard let value = args[name], value != .null else { return nil }
        let expected =
            "a whole number from \(range.lowerBound) to \(range.upperBound)" + (unit.isEmpty ? "" : " \(unit)")
        guard case .number(let number) = value, number == number.rounded(), number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else { throw fail(name, expected, got: value) }
        return Int(number)
    }

    /// An alarm id: a positive integer.
    func alarmID(_ name: String = "id") throws(ProtocolError) -> Int64 {
        guard let value = args[name], value != .null else {
            throw ProtocolError(.invalidArgument, "\(command) needs '\(name)', an alarm id (see 'noisectl alarm list')")
        }
        guard case .number(let number) = value, number == number.rounded(), number >= 1,
            number <= RequestID.maxExactInteger
        else {
            throw fail(name, "an alarm id (a whole number from 1 to 2^53 - 1)", got: value)
        }
        return Int64(number)
    }

    /// An alarm id, or nil when absent.
    func optionalAlarmID(_ name: String = "id") throws(ProtocolError) -> Int64? {
        guard let value = args[name], value != .null else { return nil }
        return try alarmID(name)
    }

    /// A non-empty list of alarm ids (repeats dropped), or nil when absent.
    func alarmIDs(_ name: String) throws(ProtocolError) -> [Int64]? {
        guard let value = args[name], value != .null else { return nil }
        guard case .array(let items) = value, !items.isEmpty else {
            throw fail(name, "a non-empty list of alarm ids", got: value)
        }
        var ids: [Int64] = []
        for item in items {
            let id = try ArgumentReader(command: command, args: [name: item], accepted: [name]).alarmID(name)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// A non-empty list of distinct sound ids.
    func soundList(_ name: String) throws(ProtocolError) -> [String]? {
        guard let value = args[name], value != .null else { return nil }
        let expected = "a non-empty list of sound ids"
        guard case .array(let items) = value, !items.isEmpty else { throw fail(name, expected, got: value) }
        var ids: [String] = []
        for item in items {
            guard case .string(let id) = item else { throw fail(name, expected, got: item) }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}
