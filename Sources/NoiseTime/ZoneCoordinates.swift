/// Where each zone's principal city is, from the tz database's `zone1970.tab` (ISO 6709 coordinates,
/// `+514030-0000731` is 51°40'30" N, 0°07'31" W): a place to start from when the user has set none. Pure.
public enum ZoneCoordinates {
    /// Zone name → degrees north and east, for every well-formed line.
    public static func parse(_ text: String) -> [String: (latitude: Double, longitude: Double)] {
        var places: [String: (latitude: Double, longitude: Double)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let place = coordinates(String(fields[1])) else { continue }
            places[String(fields[2])] = place
        }
        return places
    }

    /// `±DDMM±DDDMM` or `±DDMMSS±DDDMMSS`.
    static func coordinates(_ text: String) -> (latitude: Double, longitude: Double)? {
        let bytes = Array(text.utf8)
        guard let split = bytes.dropFirst().firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }),
            let latitude = angle(bytes[..<split], degreeDigits: 2),
            let longitude = angle(bytes[split...], degreeDigits: 3)
        else { return nil }
        return (latitude, longitude)
    }

    static func angle(_ bytes: ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst()
        guard [degreeDigits + 2, degreeDigits + 4].contains(digits.count),
            digits.allSatisfy({ $0 >= 48 && $0 <= 57 })
        else { return nil }
        let values = digits.map { Int($0 - 48) }
        func number(_ from: Int, _ count: Int) -> Double {
            Double(values[from..<from + count].reduce(0) { $0 * 10 + $1 })
        }
        var degrees = number(0, degreeDigits) + number(degreeDigits, 2) / 60
        if digits.count == degreeDigits + 4 { degrees += number(degreeDigits + 2, 2) / 3600 }
        return sign == UInt8(ascii: "-") ? -degrees : degrees
    }
}
