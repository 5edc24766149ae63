/// A longitude on Mars, planetographic, positive east (Mars24 itself writes west longitudes).
public struct MarsLongitude: Sendable, Equatable, CustomStringConvertible {
    /// Degrees east, 0 ..< 360.
    public let east: Double

    public init(east: Double) {
        let wrapped = east.truncatingRemainder(dividingBy: 360)
        self.east = wrapped < 0 ? wrapped + 360 : wrapped
    }

    /// Degrees west, 0 ..< 360, as Mars24 gives them.
    public var west: Double { east == 0 ? 0 : 360 - east }

    /// "77.45° E (282.55° W)".
    public var description: String { "\(Self.format(east))° E (\(Self.format(west))° W)" }

    static func format(_ degrees: Double) -> String {
        let rounded = (degrees * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    public static let accepted =
        "degrees east or west: 77.45E, 282.55W, or a signed number (east positive: -133.8 is 133.8° W), within 360"

    /// Reads `77.45E`, `77.45 e`, `282.55W`, `-133.8` (east positive); nil for anything else.
    public init?(parsing text: String) {
        var body = Substring(text.filter { $0 != " " && $0 != "°" })
        var sign = 1.0
        if let last = body.last, "EeWw".contains(last) {
            sign = "Ww".contains(last) ? -1 : 1
            body = body.dropLast()
            guard !body.hasPrefix("-"), !body.hasPrefix("+") else { return nil }
        }
        guard let value = Double(body), value.isFinite, abs(value) <= 360 else { return nil }
        self.init(east: sign * value)
    }
}
