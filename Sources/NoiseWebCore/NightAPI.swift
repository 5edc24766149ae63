import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseSystem
import Orbits

/// `/api/night` and `/api/night.css`: the night screen's window and look, from `[clock] night`, `night_color` and
/// `night_brightness`, in the system's zone and at the saved `[location]` (else the zone's city, as the ISS page
/// does). Reads config.toml and the tz database each time, so a change made anywhere shows at the next request.
/// Blocking (files): run off the loops.
public struct NightAPI: Sendable {
    let store: ConfigStore
    let zones: SystemTimeZoneSource

    public init(store: ConfigStore, zones: SystemTimeZoneSource) {
        self.store = store
        self.zones = zones
    }

    /// What the pages' script reads (docs/web.md).
    public struct Answer: Encodable, Sendable, Equatable {
        public var night: Bool
        public var start: Int64?
        public var end: Int64?
        public var nextChange: Int64
        public var schedule: String
        /// The cap as CSS, `rgb(64 0 0)`.
        public var cap: String
        public var riseSeconds: Int
        /// Why "sun" has no place to be reckoned at, or that the place is only the zone's city.
        public var note: String?

        enum CodingKeys: String, CodingKey {
            case night, start, end, schedule, cap, note
            case nextChange = "next_change"
            case riseSeconds = "rise_seconds"
        }
    }

    /// The answer at `now`, its look, and the warning when config.toml could not be used (the defaults are, then).
    public func answer(now: Int64) -> (Answer, look: NightLook, warning: String?) {
        let (settings, warning) = store.clockSettingsOrDefaults()
        let face = settings.face
        var place: GeodeticPosition?
        var note: String?
        if face.night == .sun {
            do throws(ObserverPlace.Failure) {
                let observer = try ObserverPlace.resolve(settings: settings.location, zones: zones)
                (place, note) = (observer.position, observer.note)
            } catch {
                note = error.description
            }
        }
        let window = NightWindow.at(now, schedule: face.night, zone: zones.systemZone(), place: place)
        let look = NightLook(face)
        let answer = Answer(
            night: window.isNight, start: window.start, end: window.end, nextChange: window.nextChange,
            schedule: face.night.description, cap: look.css, riseSeconds: NightLook.riseSeconds, note: note)
        return (answer, look, warning)
    }

    public func reply(now: Int64) -> WebReply {
        let (answer, _, warning) = answer(now: now)
        return WebReply.success(answer, warning: warning)
    }

    /// The style sheet for a page loading now.
    public func styleSheet(now: Int64) -> String {
        let (answer, look, _) = answer(now: now)
        return look.styleSheet(isNight: answer.night)
    }
}
