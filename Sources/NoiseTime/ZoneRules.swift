/// A time zone's rules: the UTC offset in effect at any instant.
///
/// Built from the system's TZif files (read by `NoiseSystem`) rather than Foundation's `TimeZone`, so the pure
/// core stays free of ICU and the fast-starting client does not load it. Past instants come from the file's
/// transition table (a binary search: the scheduler asks often), later ones from its POSIX TZ footer.
public struct ZoneRules: Sendable, Equatable {
    public let identifier: String
    /// Instants at which a new local time type takes effect, strictly ascending.
    var transitions: [Int64] = []
    /// For each transition, the index in `types` of the type it starts.
    var transitionTypes: [UInt8] = []
    /// Local time types; the first also holds before the first transition (RFC 8536 §3.2).
    var types: [LocalTimeType]
    /// Holds after the last transition, or at every instant when there is none.
    var footer: POSIXTimeZoneRule? = nil

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }

        /// The one failure a zone lookup reports, whatever went wrong: a name the user typed must not reveal
        /// paths or file contents.
        public static func unknownZone(_ identifier: String) -> Failure {
            Failure(description: "unknown time zone '\(identifier.prefix(80))'")
        }
    }

    /// A zone with one fixed offset (UTC is `.utc`).
    public static func fixed(offsetSeconds: Int, identifier: String) -> ZoneRules {
        ZoneRules(identifier: identifier, types: [LocalTimeType(fixedOffset: offsetSeconds)])
    }

    public static let utc = ZoneRules.fixed(offsetSeconds: 0, identifier: "UTC")

    /// Seconds east of UTC in effect at `instant` (Unix seconds).
    public func offset(at instant: Int64) -> Int {
        localType(at: instant).offset
    }

    /// The abbreviation in effect (e.g. "EST"), for display.
    public func abbreviation(at instant: Int64) -> String {
        localType(at: instant).abbreviation
    }

    /// The first instant strictly after `instant` at which the offset changes, if any (from the transition
    /// table, then the POSIX rule). Transitions that change only the abbreviation or the DST flag are skipped.
    public func nextTransition(after instant: Int64) -> Int64? {
        var index = transitionCount(atOrBefore: instant)
        while index < transitions.count {
            let moment = transitions[index]
            if offset(at: moment) != offset(at: moment - 1) { return moment }
            index += 1
        }
        return footer?.nextTransition(after: max(instant, transitions.last ?? instant))
    }

    func localType(at instant: Int64) -> LocalTimeType {
        let index = transitionCount(atOrBefore: instant)
        if let footer, index == transitions.count, transitions.last.map({ instant > $0 }) ?? true {
            return footer.localType(at: instant)
        }
        return types[index == 0 ? 0 : Int(transitionTypes[index - 1])]
    }

    /// How many transitions take effect at or before `instant`.
    private func transitionCount(atOrBefore instant: Int64) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// One of a zone's local times: its offset and what people call it.
struct LocalTimeType: Sendable, Equatable {
    var offset: Int
    var abbreviation: String
}

extension LocalTimeType {
    /// A fixed offset named the way tzdata names zones without an abbreviation: "UTC", "+13", "+0545", "-0930".
    init(fixedOffset: Int) {
        let magnitude = fixedOffset.magnitude
        let (hours, minutes, seconds) = (magnitude / 3600, magnitude / 60 % 60, magnitude % 60)
        func twoDigits(_ value: UInt) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var name = (fixedOffset < 0 ? "-" : "+") + twoDigits(hours)
        if minutes != 0 || seconds != 0 { name += twoDigits(minutes) }
        if seconds != 0 { name += twoDigits(seconds) }
        self.init(offset: fixedOffset, abbreviation: fixedOffset == 0 ? "UTC" : name)
    }
}

extension ZoneRules {
    /// A zone given by a POSIX TZ string alone (`$TZ=EST5EDT,M3.2.0,M11.1.0`).
    public init(posix text: String, identifier: String) throws(Failure) {
        let rule = try POSIXTimeZoneRule(parsing: text)
        self.init(identifier: identifier, types: [rule.standard], footer: rule)
    }

    /// Parses a TZif file (RFC 8536, versions 1, 2, 3, 4; use the 64-bit data block of v2+ and the footer's POSIX
    /// TZ string for instants after the last transition). Leap-second records (`right/` zones) are skipped: the
    /// scheduler counts POSIX seconds, like `time()`. Every count is checked against the bytes present before
    /// anything is allocated, so a hostile or truncated file throws instead of exhausting memory.
    public init(tzif bytes: [UInt8], identifier: String) throws(Failure) {
        var reader = TZifReader(bytes: bytes, identifier: identifier)
        var header = try reader.header()
        let version = header.version
        if version >= 2 {
            try reader.skip(header.dataLength(timeSize: 4))
            header = try reader.header()
        }
        let timeSize = version >= 2 ? 8 : 4
        guard reader.remaining >= header.dataLength(timeSize: timeSize) else { throw reader.failure("truncated") }

        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            let time = timeSize == 8 ? reader.int64() : Int64(reader.int32())
            guard transitions.last.map({ time > $0 }) ?? true else {
                throw reader.failure("transition times are not ascending")
            }
            transitions.append(time)
        }
        let transitionTypes = reader.take(header.timeCount)
        guard transitionTypes.allSatisfy({ Int($0) < header.typeCount }) else {
            throw reader.failure("a transition names a missing local time type")
        }
        var rawTypes: [(offset: Int32, isDaylight: UInt8, nameIndex: Int)] = []
        for _ in 0..<header.typeCount {
            rawTypes.append((reader.int32(), reader.take(1)[0], Int(reader.take(1)[0])))
        }
        let names = reader.take(header.charCount)
        try reader.skip(header.leapCount * (timeSize + 4) + header.standardCount + header.universalCount)

        var types: [LocalTimeType] = []
        for raw in rawTypes {
            // RFC 8536 §3.2: offsets stay within -25:59:59...+25:59:59 and the DST flag is 0 or 1.
            guard (-89_999...93_599).contains(raw.offset), raw.isDaylight <= 1 else {
                throw reader.failure("a local time type is out of range")
            }
            guard raw.nameIndex < names.count, let end = names[raw.nameIndex...].firstIndex(of: 0) else {
                throw reader.failure("an abbreviation is not NUL-terminated")
            }
            let name = String(decoding: names[raw.nameIndex..<end], as: UTF8.self)
            types.append(LocalTimeType(offset: Int(raw.offset), abbreviation: name))
        }
        let footer = version >= 2 ? try reader.footer() : nil
        self.init(
            identifier: identifier, transitions: transitions, transitionTypes: transitionTypes, types: types,
            footer: footer
        )
    }
}

/// Reads a TZif file front to back; every read is bounds-checked by the caller against `remaining` first.
private struct TZifReader {
    let bytes: [UInt8]
    let identifier: String
    var index = 0

    struct Header {
        var version: Int
        var universalCount, standardCount, leapCount, timeCount, typeCount, charCount: Int

        /// Bytes of the data block that follows this header.
        func dataLength(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + standardCount + universalCount
        }
    }

    var remaining: Int { bytes.count - index }

    func failure(_ reason: String) -> ZoneRules.Failure {
        ZoneRules.Failure(description: "\(identifier.prefix(80)): not a valid TZif file (\(reason))")
    }

    mutating func header() throws(ZoneRules.Failure) -> Header {
        guard remaining >= 44, Array(bytes[index..<index + 4]) == Array("TZif".utf8) else {
            throw failure("no TZif header")
        }
        let versionByte = bytes[index + 4]
        guard versionByte == 0 || (UInt8(ascii: "2")...UInt8(ascii: "9")).contains(versionByte) else {
            throw failure("unknown version")
        }
        index += 20
        let counts = (0..<6).map { _ in Int(UInt32(bitPattern: int32())) }
        let header = Header(
            version: versionByte == 0 ? 1 : Int(versionByte - UInt8(ascii: "0")),
            universalCount: counts[0], standardCount: counts[1], leapCount: counts[2], timeCount: counts[3],
            typeCount: counts[4], charCount: counts[5]
        )
        guard (1...256).contains(header.typeCount), header.charCount > 0,
            header.universalCount == 0 || header.universalCount == header.typeCount,
            header.standardCount == 0 || header.standardCount == header.typeCount
        else { throw failure("inconsistent counts") }
        return header
    }

    /// The footer of a v2+ file: a newline, a POSIX TZ string (possibly empty) and a newline.
    mutating func footer() throws(ZoneRules.Failure) -> POSIXTimeZoneRule? {
        guard remaining >= 2, bytes[index] == UInt8(ascii: "\n"),
            let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\n"))
        else { throw failure("no footer") }
        let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        if text.isEmpty { return nil }
        do {
            return try POSIXTimeZoneRule(parsing: text)
        } catch {
            throw failure("footer: \(error.description)")
        }
    }

    mutating func skip(_ count: Int) throws(ZoneRules.Failure) {
        guard remaining >= count else { throw failure("truncated") }
        index += count
    }

    mutating func take(_ count: Int) -> [UInt8] {
        defer { index += count }
        return Array(bytes[index..<index + count])
    }

    mutating func int32() -> Int32 {
        defer { index += 4 }
        return Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[index + $1]) })
    }

    mutating func int64() -> Int64 {
        defer { index += 8 }
        return Int64(bitPattern: (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[index + $1]) })
    }
}
