/// `noisectl iss map`: the world, equirectangular, fitted to the terminal: the coastlines (`LandMask`), the night
/// side stippled and dimmed, the satellite's ground track dotted, the satellite `◆`, the observer `+`, and lines of
/// text under the map. Pure, so golden tests draw it at a fixed reading.
public enum WorldMapFace {
    /// A place on the map, degrees north and east.
    public struct Point: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// What the map shows: the satellite's subpoint (nil: the elements give no orbit now), its ground track in
    /// time order, the observer, where the Sun is overhead (the terminator is 90° of arc from there), and the text
    /// under the map.
    public struct Reading: Sendable, Equatable {
        public var satellite: Point?
        public var track: [Point]
        public var observer: Point?
        public var subsolar: Point
        public var lines: [String]

        public init(satellite: Point?, track: [Point], observer: Point?, subsolar: Point, lines: [String]) {
            self.satellite = satellite
            self.track = track
            self.observer = observer
            self.subsolar = subsolar
            self.lines = lines
        }
    }

    static let satelliteMark = "◆"
    static let observerMark = "+"

    /// A line saying what the marks are: the satellite, the observer, the track's dots and the night's.
    public static func legend(satellite: String, observer: String) -> String {
        "\(satelliteMark) \(satellite)  \(observerMark) \(observer)  ⠂⠂⠂ one orbit back and ahead  ⠁ ⠁ night"
    }

    /// The map as large as fits above the text, centred across, with the text under it.
    public static func render(
        _ reading: Reading, size: TerminalSize, style: DotStyle = .braille,
        land: LandMask = .world
    ) -> ClockFrame {
        let textRows = min(reading.lines.count, max(0, size.rows - 1))
        let room = size.rows - textRows
        // 360° by 180° in square dots is 4 cells across for each cell down, in either style.
        let columns = max(0, min(size.columns, room * 2 * style.dotsDown / style.dotsAcross))
        let projection = MapProjection(width: columns * style.dotsAcross)
        let rows = projection.height == 0 ? 0 : (projection.height + style.dotsDown - 1) / style.dotsDown
        var canvas = DotCanvas(columns: columns, rows: rows, style: style)
        drawLandAndNight(land, subsolar: reading.subsolar, projection: projection, on: &canvas)
        drawTrack(reading.track, projection: projection, on: &canvas)
        let observer = reading.observer.map { cell(of: $0, projection: projection, style: style) }
        let satellite = reading.satellite.map { cell(of: $0, projection: projection, style: style) }
        if let observer { canvas.write(observerMark, column: observer.column, row: observer.row) }
        if let satellite { canvas.write(satelliteMark, column: satellite.column, row: satellite.row) }

        var frame = ClockFrame(size: size)
        let left = (size.columns - columns) / 2
        for (row, line) in canvas.lines().enumerated() {
            let night = (0..<columns).map { column in
                MapProjection.isNight(
                    projection.place(
                        x: column * style.dotsAcross + style.dotsAcross / 2,
                        y: row * style.dotsDown + style.dotsDown / 2),
                    subsolar: reading.subsolar)
            }
            let spans = line.unicodeScalars.enumerated().map { column, scalar in
                let here = (column: column, row: row)
                let kind: ClockFrame.Style =
                    satellite.map { $0 == here } == true
                    ? .alert
                    : observer.map { $0 == here } == true ? .plain : night[column] ? .dim : .digits
                return ClockFrame.Span(String(scalar), kind)
            }
            frame.put(spans, row: row, column: left)
        }
        for (index, line) in reading.lines.prefix(textRows).enumerated() {
            frame.center(ClockFrame.Span(line, index == 0 ? .plain : .dim), row: rows + index)
        }
        return frame
    }

    /// The coastlines: land dots with sea beside them (a filled continent is a slab of `⣿` that buries the track).
    /// On the night side a stipple, one dot every fourth across and down, staggered from one band of four rows to
    /// the next (in braille, a dot in every other cell), so the night shows without colour too.
    static func drawLandAndNight(
        _ land: LandMask, subsolar: Point, projection: MapProjection,
        on canvas: inout DotCanvas
    ) {
        let (width, height) = (projection.width, projection.height)
        guard width > 0, height > 0 else { return }
        var isLand = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let place = projection.place(x: x, y: y)
                isLand[y * width + x] = land.isLand(latitude: place.latitude, longitude: place.longitude)
            }
        }
        // Across, the map wraps; beyond the poles counts as more of the same, so no line runs along an edge.
        func landAt(_ x: Int, _ y: Int) -> Bool { isLand[min(height - 1, max(0, y)) * width + (x + width) % width] }
        for y in 0..<height {
            for x in 0..<width {
                if landAt(x, y) && !(landAt(x - 1, y) && landAt(x + 1, y) && landAt(x, y - 1) && landAt(x, y + 1)) {
                    canvas.set(x: x, y: y)
                } else if y % 4 == 0, x % 4 == y / 4 % 2 * 2,
                    MapProjection.isNight(projection.place(x: x, y: y), subsolar: subsolar)
                {
                    canvas.set(x: x, y: y)
                }
            }
        }
    }

    /// Every other dot along the track. A step across the date line is drawn twice, off the right edge and in
    /// from the left (or the other way), so no line runs across the map.
    static func drawTrack(_ track: [Point], projection: MapProjection, on canvas: inout DotCanvas) {
        guard projection.width > 0 else { return }
        var dots: [(x: Int, y: Int)] = []
        func add(_ from: Point, _ to: Point) {
            let (a, b) = (projection.dot(from), projection.dot(to))
            var line = DotCanvas.lineDots(fromX: a.x, y: a.y, toX: b.x, y: b.y)
            if let last = dots.last, last == line[0] { line.removeFirst() }
            dots += line
        }
        for (from, to) in zip(track, track.dropFirst()) {
            let step = to.longitude - from.longitude
            guard abs(step) > 180 else { add(from, to); continue }
            let shift = step > 0 ? -360.0 : 360
            add(from, Point(latitude: to.latitude, longitude: to.longitude + shift))
            add(Point(latitude: from.latitude, longitude: from.longitude - shift), to)
        }
        for (index, dot) in dots.enumerated() where index % 2 == 0 { canvas.set(x: dot.x, y: dot.y) }
    }

    /// The character cell a place falls in, its longitude wrapped onto the map.
    static func cell(of point: Point, projection: MapProjection, style: DotStyle) -> (column: Int, row: Int) {
        guard projection.width > 0 else { return (-1, -1) }
        let dot = projection.dot(point)
        let x = (dot.x % projection.width + projection.width) % projection.width
        return (x / style.dotsAcross, dot.y / style.dotsDown)
    }
}
