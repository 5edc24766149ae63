/// The shape nearly every request without arguments has on the wire: `{"cmd":"NAME"}` or `{"cmd":"NAME","id":N}`,
/// exactly so (noisectl writes its keys in order and no spaces; `N` an integer of up to 15 digits, no sign, no
/// leading zero). Such a line is read here byte by byte, without building a tree and a dictionary first: a
/// `status` poll is the request a daemon gets most (docs/performance.md, row 2). Anything else, spaces and
/// escapes included, and any command that needs arguments, is left to the full reader; for the lines read here
/// the result is the same (`RequestDecoderTests` compares the two).
enum BareRequest {
    private static let head = Array(#"{"cmd":""#.utf8)
    private static let idKey = Array(#"","id":"#.utf8)
    private static let end = Array(#""}"#.utf8)

    /// Every command that can be sent without arguments, as the full parser makes it from its name: found here by
    /// comparing bytes, with no String made and no dictionary of arguments read.
    private static let withoutArguments = Table(Command.names.compactMap { name in
        (try? CommandParser.parse(name: name, args: [:])).map { (Array(name.utf8), $0) }
    })

    /// The names and their commands side by side, the names' bytes in one array: a look-up compares lengths, then
    /// bytes, and copies only the command it finds.
    private struct Table {
        let bytes: [UInt8]
        /// Where each name starts in `bytes`, and where the last one ends.
        let starts: [Int]
        let commands: [Command]

        init(_ entries: [(name: [UInt8], command: Command)]) {
            bytes = entries.flatMap(\.name)
            starts = entries.reduce(into: [0]) { starts, entry in starts.append(starts.last! + entry.name.count) }
            commands = entries.map(\.command)
        }

        func command(named line: UnsafeBufferPointer<UInt8>, from start: Int, length: Int) -> Command? {
            bytes.withUnsafeBufferPointer { bytes in
                for index in commands.indices where starts[index + 1] - starts[index] == length {
                    let name = UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
                    if matches(line, at: start, name) { return commands[index] }
                }
                return nil
            }
        }
    }

    static func read(_ line: UnsafeBufferPointer<UInt8>) -> Request? {
        guard let shape = Shape(line),
              let command = withoutArguments.command(named: line, from: shape.nameStart, length: shape.nameLength)
        else { return nil }
        return Request(id: shape.id, command: command)
    }

    /// `ping` or `status` with its id, for a bare line asking for one of them; nil for any other line. No `Command`
    /// is made (copying one, an enum with large payloads, costs more than reading the line).
    static func immediate(_ line: UnsafeBufferPointer<UInt8>) -> (ImmediateRequest, RequestID)? {
        guard let shape = Shape(line) else { return nil }
        for (name, request) in immediateNames where name.count == shape.nameLength {
            if matches(line, at: shape.nameStart, name) { return (request, shape.id) }
        }
        return nil
    }

    private static let immediateNames = [(Array("status".utf8), ImmediateRequest.status), (Array("ping".utf8), .ping)]

    /// Where a bare line's command name is, and its id.
    private struct Shape {
        let nameStart: Int
        let nameLength: Int
        let id: RequestID

        init?(_ line: UnsafeBufferPointer<UInt8>) {
            guard line.count <= 64, matches(line, at: 0, head) else { return nil }
            nameStart = head.count
            var position = nameStart
            while position < line.count, isNameByte(line[position]) { position += 1 }
            nameLength = position - nameStart
            guard nameLength > 0 else { return nil }
            if position + end.count == line.count, matches(line, at: position, end) {
                id = .none
                return
            }
            guard matches(line, at: position, idKey), line[line.count - 1] == UInt8(ascii: "}"),
                  let number = integer(UnsafeBufferPointer(rebasing: line[(position + idKey.count)..<(line.count - 1)]))
            else { return nil }
            id = .int(number)
        }
    }

    /// Whether `line` holds `bytes` from `offset` on.
    private static func matches(_ line: UnsafeBufferPointer<UInt8>, at offset: Int, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { matches(line, at: offset, $0) }
    }

    private static func matches(_ line: UnsafeBufferPointer<UInt8>, at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset + bytes.count <= line.count else { return false }
        for index in bytes.indices where line[offset + index] != bytes[index] { return false }
        return true
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// Up to 15 digits (below 2^53, where the full reader takes an id as exact), with no leading zero.
    private static func integer(_ digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard (1...15).contains(digits.count), digits.first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
