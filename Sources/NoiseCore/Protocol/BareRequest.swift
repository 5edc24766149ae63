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

    static func read(_ line: UnsafeBufferPointer<UInt8>) -> Request? {
        guard line.count <= 64, line.starts(with: head) else { return nil }
        var position = head.count
        let nameStart = position
        while position < line.count, isNameByte(line[position]) { position += 1 }
        let name = line[nameStart..<position]
        guard !name.isEmpty, let command = try? CommandParser.parse(name: String(decoding: name, as: UTF8.self), args: [:])
        else { return nil }
        let rest = line[position...]
        if rest.elementsEqual(end) { return Request(id: .none, command: command) }
        guard rest.starts(with: idKey), rest.last == UInt8(ascii: "}") else { return nil }
        let digits = rest.dropFirst(idKey.count).dropLast()
        guard let id = integer(digits) else { return nil }
        return Request(id: .int(id), command: command)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// Up to 15 digits (below 2^53, where the full reader takes an id as exact), with no leading zero.
    private static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        guard (1...15).contains(digits.count), digits.first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
