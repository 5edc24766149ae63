import NoiseCore
import NoiseTime
import Orbits

/// The pass a pass alarm rings for next, as `alarm list` shows it: rise, highest point and set (times and
/// azimuths, degrees from north through east; rise and set where the pass crosses the alarm's minimum elevation,
/// the horizon crossings beside them), whether it can be seen, from when until when, and how bright.
public struct PassInfo: Sendable, Equatable, Codable {
    public var rise: TriggerInfo
    public var riseAzimuthDeg: Double
    public var culmination: TriggerInfo
    public var culminationAzimuthDeg: Double
    public var maxElevationDeg: Double
    public var set: TriggerInfo
    public var setAzimuthDeg: Double
    public var horizonRise: TriggerInfo
    public var horizonSet: TriggerInfo
    public var visible: Bool
    @ExplicitNull public var visibleFrom: TriggerInfo?
    @ExplicitNull public var visibleUntil: TriggerInfo?
    @ExplicitNull public var magnitude: Double?

    public init(
        rise: TriggerInfo, riseAzimuthDeg: Double, culmination: TriggerInfo, culminationAzimuthDeg: Double,
        maxElevationDeg: Double, set: TriggerInfo, setAzimuthDeg: Double, horizonRise: TriggerInfo,
        horizonSet: TriggerInfo, visible: Bool, visibleFrom: TriggerInfo?, visibleUntil: TriggerInfo?,
        magnitude: Double?
    ) {
        self.rise = rise
        self.riseAzimuthDeg = riseAzimuthDeg
        self.culmination = culmination
        self.culminationAzimuthDeg = culminationAzimuthDeg
        self.maxElevationDeg = maxElevationDeg
        self.set = set
        self.setAzimuthDeg = setAzimuthDeg
        self.horizonRise = horizonRise
        self.horizonSet = horizonSet
        self.visible = visible
        self.visibleFrom = visibleFrom
        self.visibleUntil = visibleUntil
        self.magnitude = magnitude
    }
}

extension PassInfo {
    /// A pass found by `PassFinder`, its times shown in `zone`.
    public init(_ pass: SatellitePass, zone: ZoneRules) {
        let at = { (point: PassPoint) in TriggerInfo(unix: point.unix, zone: zone) }
        self.init(
            rise: at(pass.rise), riseAzimuthDeg: pass.rise.look.azimuth,
            culmination: at(pass.culmination), culminationAzimuthDeg: pass.culmination.look.azimuth,
            maxElevationDeg: pass.maxElevation, set: at(pass.set), setAzimuthDeg: pass.set.look.azimuth,
            horizonRise: at(pass.horizonRise), horizonSet: at(pass.horizonSet), visible: pass.visible,
            visibleFrom: pass.visibleFrom.map(at), visibleUntil: pass.visibleUntil.map(at),
            magnitude: pass.magnitude)
    }
}
