/// The world map's dot plane, equirectangular: `width` dots for 360° of longitude from 180° W, half as many
/// down for 180° of latitude from 90° N. Dots are square on screen (`DotStyle`), so a degree is as tall as wide.
struct MapProjection {
    let width: Int
    let height: Int

    init(width: Int) {
        self.width = max(0, width)
        height = self.width / 2
    }

    /// The place at the middle of dot `x`, `y`.
    func place(x: Int, y: Int) -> WorldMapFace.Point {
        WorldMapFace.Point(
            latitude: 90 - (Double(y) + 0.5) * 180 / Double(height),
            longitude: -180 + (Double(x) + 0.5) * 360 / Double(width))
    }

    /// The dot a place falls in. The longitude is not wrapped, so a place given past ±180° lands off the map,
    /// where the canvas clips it: a line to it runs to the edge, as a ground track crossing the date line must.
    func dot(_ point: WorldMapFace.Point) -> (x: Int, y: Int) {
        let x = Int(((point.longitude + 180) / 360 * Double(width)).rounded(.down))
        let y = Int(((90 - point.latitude) / 180 * Double(height)).rounded(.down))
        return (x, min(max(0, y), height - 1))
    }

    /// Whether the Sun is below the horizon at `place` (geometric, its centre) when it stands over `subsolar`:
    /// more than 90° of arc from the subsolar point. The sines come from `DialDirection`, not libm, so that the
    /// golden frames' terminator falls on the same dots on every machine.
    static func isNight(_ place: WorldMapFace.Point, subsolar: WorldMapFace.Point) -> Bool {
        let (lat, sunLat) = (sineCosine(place.latitude), sineCosine(subsolar.latitude))
        let apart = sineCosine(place.longitude - subsolar.longitude)
        return lat.sin * sunLat.sin + lat.cos * sunLat.cos * apart.cos < 0
    }

    private static func sineCosine(_ degrees: Double) -> (sin: Double, cos: Double) {
        let unit = DialDirection.unit(turns: degrees / 360)
        return (unit.x, -unit.y)
    }
}
