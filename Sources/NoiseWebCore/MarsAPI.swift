import MarsTime
import NoiseClient
import NoiseCore
import NoiseSystem
import NoiseTime
import TimeScales

/// `/api/mars` and `/api/mars/sites`: the Mars clock's values for the page, computed by `MarsTime` as `noisectl mars
/// --json` computes them (the same `MarsLocation` and `MarsReading`), never in JavaScript. The leap-second list is
/// read once, when noiseweb starts: a tick of the page's clock does no file I/O.
public struct MarsAPI: Sendable {
    let store: ConfigStore
    let leapSeconds: LeapSeconds
    let leapSecondProblem: String?

    /// At most this many places side by side: the saved site and four more.
    public static let maxPlaces = 5

    public init(store: ConfigStore, leapSeconds: (list: LeapSeconds, problem: String?) = SystemLeapSeconds.load()) {
        self.store = store
        self.leapSeconds = leapSeconds.list
        self.leapSecondProblem = leapSeconds.problem
    }

    /// The readings at `at` (`InstantQuery`: Unix seconds, default `now`) for each place named (sites or longitudes);
    /// with none, the saved `[mars] site`, else the prime meridian. With `steps`, that many, a second apart.
    public func readings(places: [String], at: String?, steps: String? = nil, now: Double) async -> WebReply {
        let instant: Double
        let count: Int?
        switch InstantQuery.unix(at, now: now).flatMap({ unix in InstantQuery.steps(steps).map { (unix, $0) } }) {
        case .success(let asked): (instant, count) = asked
        case .failure(let refusal): return .failure(refusal)
        }
        var texts = places
        if texts.isEmpty {
            let store = store
            let saved = await BlockingWork.run(name: "noiseweb-config") {
                store.clockSettingsOrDefaults().settings.marsSite
            }
            texts = [saved ?? MarsLocation.primeMeridian]
        }
        let (leapSeconds, problem) = (leapSeconds, leapSecondProblem)
        guard let count else {
            return Self.answer(texts, unix: instant, leapSeconds: leapSeconds, problem: problem).reply
        }
        return Stepped.make(from: instant, count: count) {
            Self.answer(texts, unix: $0, leapSeconds: leapSeconds, problem: problem)
        }.reply
    }

    /// The reply's data: the instant, each place with its reading, and a note when the leap-second list is stale.
    struct Answer: Encodable, Sendable {
        struct Place: Encodable, Sendable {
            /// The text asked for, as given.
            var text: String
            var name: String
            /// The library site's id, when the text named one.
            var site: String?
            var reading: MarsReading
        }
        var unix: Double
        var utc: String
        var note: String?
        var places: [Place]
    }

    static func answer(
        _ texts: [String], unix: Double, leapSeconds: LeapSeconds, problem: String?
    ) -> Result<Answer, WebRefusal> {
        guard texts.count <= maxPlaces else {
            return .failure(
                WebRefusal(
                    status: 400, code: "invalid_argument",
                    message: "At most \(maxPlaces) places at once; got \(texts.count)."))
        }
        let clock = MarsClock(unix: unix, leapSeconds: leapSeconds)
        var places: [Answer.Place] = []
        for text in texts {
            switch MarsLocation.named(text) {
            case .success(let location):
                places.append(
                    Answer.Place(
                        text: text, name: location.name, site: location.site?.id,
                        reading: location.reading(at: clock, leapSeconds: leapSeconds)))
            case .failure(let problem):
                return .failure(
                    WebRefusal(
                        status: 400, code: "invalid_argument",
                        message: problem.message + "; or a longitude, " + MarsLongitude.accepted))
            }
        }
        return .success(
            Answer(
                unix: unix, utc: ISO8601.format(unix: Int64(unix.rounded(.down)), offsetSeconds: 0),
                note: problem ?? clock.leapSecondNote, places: places))
    }

    /// A site of the library, for the page's search: its coordinates and where they come from.
    struct Site: Encodable, Sendable {
        var id, name, place: String
        var lonEastDeg, latDeg: Double
        var source: String
        var landingUnix: Double?

        enum CodingKeys: String, CodingKey {
            case id, name, place, lonEastDeg = "lon_east_deg", latDeg = "lat_deg", source, landingUnix = "landing_unix"
        }
    }

    /// The site library, in its order.
    public static func sites() -> WebReply {
        .success(
            MarsSite.all.map { site in
                Site(
                    id: site.id, name: site.name, place: site.place, lonEastDeg: site.longitude.east,
                    latDeg: site.latitude,
                    source: site.source, landingUnix: site.landing)
            })
    }
}
