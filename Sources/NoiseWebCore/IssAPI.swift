import NoiseClient
import NoiseCore
import NoiseSystem
import Orbits

/// `/api/iss`, `/api/iss/track` and `/api/iss/passes`: the satellite for the web page's map, computed by Orbits as
/// `noisectl iss now --json`, `iss map` and `iss passes --json` compute it (the same `SatelliteView`,
/// `ObserverPlace`, `SatelliteNow` and `PassReport`), never in JavaScript. Each answer reads the kept elements and
/// `[location]` again, so an import or a new place shows at the next tick. Blocking (files): run off the loops.
public struct IssAPI: Sendable {
    let store: ConfigStore
    let elements: ElementCache
    let zones: SystemTimeZoneSource

    /// The track's spacing, as `noisectl iss map`'s: about 2° of ground.
    public static let trackStep = 30.0

    public init(store: ConfigStore, elements: ElementCache, zones: SystemTimeZoneSource) {
        self.store = store
        self.elements = elements
        self.zones = zones
    }

    /// The instant and satellite a query names: `at` (Unix seconds, default `now`) and `satellite` (a catalog number).
    public struct Query: Sendable {
        public var unix: Double
        public var satellite: Int?
        /// `steps` (`InstantQuery.steps`): that many situations, a second apart; nil for one.
        public var steps: Int?

        public static func read(
            at: String?, satellite: String?, steps: String? = nil, now: Double
        ) -> Result<Query, WebRefusal> {
            var query = Query(unix: now, satellite: nil)
            switch InstantQuery.unix(at, now: now).flatMap({ unix in InstantQuery.steps(steps).map { (unix, $0) } }) {
            case .success(let asked): (query.unix, query.steps) = asked
            case .failure(let refusal): return .failure(refusal)
            }
            if let satellite {
                guard let number = Int(satellite), (1...999_999_999).contains(number) else {
                    return .failure(
                        WebRefusal(
                            status: 400, code: "invalid_argument",
                            message: "'satellite' must be a catalog number, e.g. 25544; got '\(satellite.prefix(40))'"))
                }
                query.satellite = number
            }
            return .success(query)
        }
    }

    /// Where the satellite is and what the map draws around it now: the footprint, the Sun's point and the terminator.
    public struct Situation: Encodable, Sendable {
        public var now: SatelliteNow
        public var footprintRadiusDeg: Double
        public var footprint: [[Double]]
        public var subsolar: [Double]
        public var terminator: [[Double]]
        public var observer: Observer
    }

    /// The observer as the map places it.
    public struct Observer: Encodable, Sendable {
        public var name: String
        public var latitudeDeg, longitudeDeg: Double
        public var approximate: Bool
    }

    /// The ground track one revolution back and one ahead, in time order, as `[latitude, longitude]` pairs.
    public struct Track: Encodable, Sendable {
        public var satellite: Int
        /// The instant the track is centred on.
        public var unix: Double
        public var periodS: Double
        public var stepS: Double
        public var points: [[Double]]
    }

    public func situation(_ query: Query) -> Result<Situation, WebRefusal> {
        load(query).flatMap { set, place in Self.situation(set, place: place, at: query.unix) }
    }

    /// `query.steps` situations a second apart, from the elements and the place read once.
    public func situations(_ query: Query) -> Result<Stepped<Situation>, WebRefusal> {
        load(query).flatMap { set, place in
            Stepped.make(from: query.unix, count: query.steps ?? 1) { Self.situation(set, place: place, at: $0) }
        }
    }

    static func situation(
        _ set: OrbitalElements, place: ObserverPlace, at unix: Double
    ) -> Result<Situation, WebRefusal> {
        let finder = PassFinder(model: SGP4(set), observer: place.position, minElevation: 0)
        let seen: Sighting
        do throws(SGP4Error) { seen = try finder.sighting(at: unix) } catch {
            return .failure(Self.noOrbit(set, error))
        }
        let radius = MapOutlines.footprintRadius(heightKm: seen.subpoint.heightKm)
        let sun = GroundTrack.subsolarPoint(unix: unix)
        let now = SatelliteNow(
            set, seen: seen, at: unix, place: place,
            notes: SatelliteView.notes(set, place: place, now: unix))
        return .success(
            Situation(
                now: now, footprintRadiusDeg: radius,
                footprint: MapOutlines.circle(around: seen.subpoint, radius: radius).map(Self.pair),
                subsolar: Self.pair(sun), terminator: MapOutlines.terminator(subsolar: sun).map(Self.pair),
                observer: Observer(
                    name: place.name, latitudeDeg: place.position.latitude,
                    longitudeDeg: place.position.longitude, approximate: place.note != nil)))
    }

    /// Needs no observer: the track is the same from anywhere.
    public func track(_ query: Query) -> Result<Track, WebRefusal> {
        chooseSet(query).map { set in
            let model = SGP4(set)
            let period = GroundTrack.period(of: set)
            let points = GroundTrack.track(of: model, around: query.unix, span: period, step: Self.trackStep)
            return Track(
                satellite: set.catalogNumber, unix: query.unix, periodS: period, stepS: Self.trackStep,
                points: points.map(Self.pair))
        }
    }

    /// The passes over the next `days` (1 to 30, default 10) above `PassFinder`'s default elevation.
    public func passes(_ query: Query, days text: String?) -> Result<PassReport, WebRefusal> {
        let days: Int
        if let text {
            guard let value = Int(text), (1...30).contains(value) else {
                return .failure(
                    WebRefusal(
                        status: 400, code: "invalid_argument",
                        message: "'days' must be 1 to 30; got '\(text.prefix(20))'"))
            }
            days = value
        } else {
            days = 10
        }
        return load(query).flatMap { set, place in
            let finder = PassFinder(model: SGP4(set), observer: place.position)
            do throws(SGP4Error) {
                let passes = try finder.passes(from: query.unix, to: query.unix + Double(days) * 86_400)
                return .success(
                    PassReport(
                        set, place: place, minElevation: finder.minElevation,
                        notes: SatelliteView.notes(set, place: place, now: query.unix), passes: passes))
            } catch {
                return .failure(Self.noOrbit(set, error))
            }
        }
    }

    /// The set and the observer, or why the map has nothing to show (409: the page says what to do).
    func load(_ query: Query) -> Result<(OrbitalElements, ObserverPlace), WebRefusal> {
        chooseSet(query).flatMap { set in
            do throws(ObserverPlace.Failure) {
                return .success(
                    (
                        set,
                        try ObserverPlace.resolve(
                            settings: store.clockSettingsOrDefaults().settings.location, zones: zones)
                    ))
            } catch {
                return .failure(WebRefusal(status: 409, code: "no_location", message: error.description))
            }
        }
    }

    func chooseSet(_ query: Query) -> Result<OrbitalElements, WebRefusal> {
        do {
            return .success(
                try SatelliteView.choose(
                    from: try elements.read(), wanted: query.satellite, now: query.unix, source: elements.path))
        } catch let failure as ElementCache.Failure {
            return .failure(WebRefusal(status: 409, code: "no_elements", message: failure.description))
        } catch {
            return .failure(WebRefusal(status: 409, code: "no_elements", message: "\(error)"))
        }
    }

    static func noOrbit(_ set: OrbitalElements, _ error: SGP4Error) -> WebRefusal {
        WebRefusal(
            status: 409, code: "no_orbit", message: "the elements of \(set.catalogNumber) give no orbit then: \(error)")
    }

    /// A drawn point (the footprint, the night side, the track) to 0.01°, a kilometre, far finer than a map's pixel:
    /// the answers stay small. The station's own position (`now`) is never rounded.
    static func pair(_ position: GeodeticPosition) -> [Double] {
        [(position.latitude * 100).rounded() / 100, (position.longitude * 100).rounded() / 100]
    }
}
