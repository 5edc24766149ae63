import NoiseCore
import Orbits

/// What a pass alarm rings for: the passes of one satellite over the observer that climb high enough (and that can
/// be seen, when asked), `leadSeconds` before each: before its rise (where it climbs through `minElevationDeg`, as
/// `iss passes` counts it), or for a visible-only alarm before the visible part begins, which is when to be outside
/// looking (docs/satellites.md).
public struct PassAlarm: Sendable, Hashable, Codable {
    /// The satellite's catalog number.
    public var satellite: Int
    public var visibleOnly: Bool
    public var minElevationDeg: Double
    public var leadSeconds: Double

    public static let iss = 25544
    /// Catalog numbers, to Alpha-5's Z9999.
    public static let satelliteRange = 1...339_999
    public static let defaultMinElevation = PassFinder.defaultMinElevation
    public static let defaultLeadSeconds = 300.0
    /// Heights a pass may be asked to reach, degrees.
    public static let minElevationRange = PassFinder.minElevationRange
    /// How long before a pass it may ring: up to two hours.
    public static let leadRange = 0.0...7200.0
    /// How far ahead passes are looked for: elements predict worse by the day, and are refreshed daily.
    static let searchSeconds = 10 * 86_400.0
    /// Passes are searched a day at a time, from this long before the instant (a pass under way then may still
    /// have its visible part ahead).
    static let windowSeconds = 86_400.0
    static let passUnderWaySeconds = 3_600.0
    /// How far a pass's trigger may move with new elements (a day's drift is seconds; a week's, a minute or two)
    /// and still be taken for the trigger already dealt with (`TriggerRule.settled(after:)`).
    static let settleSeconds = 1_200.0
    /// A trigger this close after the instant is the instant's own: a pass's rise found again from another start
    /// of the search may come out a tenth of a second later, and must not ring twice.
    static let sameTriggerSeconds = 1.0

    public init(
        satellite: Int = PassAlarm.iss, visibleOnly: Bool = false,
        minElevationDeg: Double = PassAlarm.defaultMinElevation, leadSeconds: Double = PassAlarm.defaultLeadSeconds
    ) {
        self.satellite = satellite
        self.visibleOnly = visibleOnly
        self.minElevationDeg = minElevationDeg
        self.leadSeconds = leadSeconds
    }

    /// Why these settings cannot be, or nil.
    public var problem: String? {
        if !(minElevationDeg.isFinite && Self.minElevationRange.contains(minElevationDeg)) {
            return "min-elevation must be 0 to 90 degrees, got \(minElevationDeg.formatted)"
        }
        if !(leadSeconds.isFinite && Self.leadRange.contains(leadSeconds)) {
            return "before must be 0 s to 2 h, got \(DurationParser.describe(leadSeconds))"
        }
        if !Self.satelliteRange.contains(satellite) { return "satellite must be a catalog number, got \(satellite)" }
        return nil
    }

    /// The next pass it rings for, strictly after `instant`, and when it rings for it; nil when the sky knows no
    /// elements for the satellite current at `instant` (`elementsProblem(at:in:)` says why), they give no orbit, or no pass
    /// qualifies in the next ten days.
    public func next(after instant: Double, in sky: SatelliteSky) -> (trigger: Double, pass: SatellitePass)? {
        guard let elements = sky.elements[satellite], (try? elements.checkCurrent(atUnix: instant)) != nil else {
            return nil
        }
        let finder = PassFinder(model: SGP4(elements), observer: sky.observer, minElevation: minElevationDeg)
        var start = instant - Self.passUnderWaySeconds
        while start < instant + Self.searchSeconds {
            guard let passes = try? finder.passes(from: start, to: start + Self.windowSeconds) else { return nil }
            for pass in passes {
                guard let anchor = visibleOnly ? pass.visibleFrom?.unix : pass.rise.unix else { continue }
                let trigger = ((anchor - leadSeconds) * 1000).rounded() / 1000
                if trigger > instant + Self.sameTriggerSeconds { return (trigger, pass) }
            }
            start += Self.windowSeconds
        }
        return nil
    }
}

extension PassAlarm {
    /// Why the sky gives this alarm no pass at `instant` before any is looked for: no elements for its satellite,
    /// or elements that no longer tell where it is then (too old, decayed); nil when it has current ones.
    public func elementsProblem(at instant: Double, in sky: SatelliteSky) -> String? {
        guard let elements = sky.elements[satellite] else {
            return "no elements for satellite \(satellite): noisectl iss elements import FILE"
        }
        do throws(UnusableElements) {
            try elements.checkCurrent(atUnix: instant)
            return nil
        } catch {
            return error.description
        }
    }

    /// The pass a trigger of this alarm rings for: found again from just before the trigger, the same pass to a
    /// tenth of a second.
    public func pass(ringingAt trigger: Double, in sky: SatelliteSky) -> SatellitePass? {
        next(after: trigger - 2 * Self.sameTriggerSeconds, in: sky)?.pass
    }
}

/// What pass alarms need to know of the world: the satellites' elements (by catalog number) and where the
/// observer is. The daemon keeps it from the element cache and `[location]`.
public struct SatelliteSky: Sendable, Equatable {
    public var elements: [Int: OrbitalElements]
    public var observer: GeodeticPosition

    public init(elements: [OrbitalElements], observer: GeodeticPosition) {
        self.elements = Dictionary(elements.map { ($0.catalogNumber, $0) }, uniquingKeysWith: { $1 })
        self.observer = observer
    }
}

/// The pass settings of `alarm add` and `alarm edit`: each nil leaves the value (or the default) as it is.
public struct PassAlarmChanges: Sendable, Equatable {
    public var satellite: Int?
    public var visibleOnly: Bool?
    public var minElevationDeg: Double?
    public var leadSeconds: Double?

    public init(
        satellite: Int? = nil, visibleOnly: Bool? = nil, minElevationDeg: Double? = nil, leadSeconds: Double? = nil
    ) {
        self.satellite = satellite
        self.visibleOnly = visibleOnly
        self.minElevationDeg = minElevationDeg
        self.leadSeconds = leadSeconds
    }

    public func applied(to pass: PassAlarm) -> PassAlarm {
        PassAlarm(
            satellite: satellite ?? pass.satellite, visibleOnly: visibleOnly ?? pass.visibleOnly,
            minElevationDeg: minElevationDeg ?? pass.minElevationDeg, leadSeconds: leadSeconds ?? pass.leadSeconds)
    }
}
