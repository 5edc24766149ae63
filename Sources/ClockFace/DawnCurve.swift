import Glibc

/// The light of a dawn (docs/web.md, "Dawn", where the stops and the law are written down; web/js/dawn.js draws the
/// same on the pages): its point runs from 0 at `ring − length` to 1 at the ring; the colour goes through the stops
/// below, and the light's intensity rises so that its lightness (CIE L*) rises evenly, from black to full at the ring.
public enum DawnCurve {
    /// The colour at full intensity, by point, in sRGB; between two stops it is mixed in proportion.
    public static let stops: [(point: Double, red: Double, green: Double, blue: Double)] = [
        (0.0, 150, 16, 0),  // deep red
        (0.35, 230, 60, 5),  // red-orange
        (0.65, 255, 140, 40),  // orange
        (1.0, 255, 228, 190),  // warm white
    ]

    /// How far along the dawn is at `now`: 0 at its start (and before), 1 at the ring (and after).
    public static func point(now: Double, ringAt: Double, length: Double) -> Double {
        guard length > 0 else { return 1 }
        return min(1, max(0, (now - (ringAt - length)) / length))
    }

    /// The factor the light's linear intensity is at: CIE L* = 100 × point, as relative luminance (so 0.184 at 50 %).
    public static func intensity(_ point: Double) -> Double {
        let lightness = 100 * min(1, max(0, point))
        return lightness > 8 ? pow((lightness + 16) / 116, 3) : lightness / 903.3
    }

    /// The colour at `point`, as 8-bit sRGB.
    public static func color(_ point: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let point = min(1, max(0, point))
        let upper = stops.firstIndex { $0.point >= point } ?? stops.count - 1
        let lower = max(0, upper - 1)
        let (from, to) = (stops[lower], stops[upper])
        let share = to.point > from.point ? (point - from.point) / (to.point - from.point) : 1
        let factor = intensity(point)
        func channel(_ a: Double, _ b: Double) -> UInt8 {
            let mixed = (a + (b - a) * share) / 255
            return UInt8((encode(decode(mixed) * factor) * 255).rounded())
        }
        return (channel(from.red, to.red), channel(from.green, to.green), channel(from.blue, to.blue))
    }

    /// sRGB's transfer function, to linear light and back.
    static func decode(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    static func encode(_ value: Double) -> Double {
        value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }
}
