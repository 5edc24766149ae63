import NoiseCore
import NoiseTime
import Orbits

/// The pass a pass alarm rings for next, as `alarm list` shows it: rise, highest point and set (times and
/// azimuths, degrees from north through east), whether it can be seen, from when, and how bright.
public struct PassInfo: Sendable, Equatable, Codable {
    public var rise: TriggerInfo
    public var riseAzimuthDeg: Double
    public var culmination: TriggerInfo
    public var culminationAzimuthDeg: Double
    public var maxElevationDeg: Double
    public var set: TriggerInfo
    public var setAzimuthDeg: Double
    public var visible: Bool
    @ExplicitNull public var visibleFrom: TriggerInfo?
    @ExplicitNull public var magnitude: Double?

    public init(rise: TriggerInfo, riseAzimuthDeg: Double, culmination: TriggerInfo, culminationAzimuthDeg: Double,
                maxElevationDeg: Double, set: TriggerInfo, setAzimuthDeg: Double, visible: Bool,
                visibleFrom: TriggerInfo?, magnitude: Double?) {
        self.rise = rise
        self.riseAzimuthDeg = riseAzimuthDeg
        self.culmination = culmination
        self.culminationAzimuthDeg = culminationAzimuthDeg
        self.maxElevationDeg = maxElevationDeg
        self.set = set
        self.setAzimuthDeg = setAzimuthDeg
        self.visible = visible
        self.visibleFrom = visibleFrom
        self.magnitude = magnitude
    }
}

extension PassInfo {
    /// A pass found by `PassFinder`, its times shown in `zone`.
    public init(_ pass: SatellitePass, zone: ZoneRules) {
        self.init(rise: TriggerInfo(unix: pass.rise.unix, zone: zone), riseAzimuthDeg: pass.rise.look.azimuth,
                  culmination: TriggerInfo(unix: pass.culmination.unix, zone: zone),
                  culminationAzimuthDeg: pass.culmination.look.azimuth, maxElevationDeg: pass.maxElevation,
                  set: TriggerInfo(unix: pass.set.unix, zone: zone), setAzimuthDeg: pass.set.look.azimuth,
                  visible: pass.visible, visibleFrom: pass.visibleFrom.map { TriggerInfo(unix: $0.unix, zone: zone) },
                  magnitude: pass.magnitude)
    }
}
