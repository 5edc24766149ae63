import NoiseCore
import NoiseTime

/// Why a set of elements is not kept (`checkUsable`), or not used at an instant (`checkCurrent`): the satellite,
/// what is wrong, and what is accepted.
public struct UnusableElements: Error, Sendable, Equatable, CustomStringConvertible {
    public var catalogNumber: Int
    public var name: String?
    /// What is wrong and what is accepted, without the satellite (a log line or `status` names it already).
    public var reason: String

    public var description: String {
        "\(name ?? "satellite") (\(catalogNumber)): \(reason)"
    }
}

/// The one check a set passes before it replaces a kept one, downloaded or imported (docs/satellites.md, "What is
/// refused"): the set as a whole, not field by field as the parsers read it.
extension OrbitalElements {
    /// Revolutions a day SGP4 is given: above the Moon's month (0.02, a 50-day period, is no Earth orbit SGP4
    /// models) and at most 17 (an 85-minute period, an orbit at the ground).
    public static let usableMeanMotion: ClosedRange<Double> = 0.02...17
    /// An epoch may be this far after now (seconds): a set is published after its epoch, so one further ahead is
    /// a wrong clock or a wrong set, and would make every later real set look stale.
    public static let usableEpochLeadSeconds = 86_400.0
    /// SGP4 must carry the set this far past its epoch (minutes), checked at every `usableStepMinutes`.
    public static let usableMinutes = 1_440.0
    public static let usableStepMinutes = 20.0

    /// Throws when the set should not replace a kept one at `nowUnix`: a mean motion out of `usableMeanMotion`,
    /// an eccentricity not below 1, an angle out of range, an epoch more than a day ahead, or SGP4 refusing it
    /// within a day of its epoch (a decayed orbit). Pure; about 73 SGP4 steps.
    public func checkUsable(atUnix nowUnix: Double) throws(UnusableElements) {
        func refuse(_ reason: String) -> UnusableElements {
            UnusableElements(catalogNumber: catalogNumber, name: name, reason: reason)
        }
        let range = Self.usableMeanMotion
        guard meanMotion.isFinite, range.contains(meanMotion) else {
            throw refuse(
                "the mean motion is \(meanMotion) revolutions a day; accepted: \(range.lowerBound.formatted) "
                    + "to \(range.upperBound.formatted) (an orbit of the Earth SGP4 models)")
        }
        guard eccentricity.isFinite, eccentricity >= 0, eccentricity < 1 else {
            throw refuse("the eccentricity is \(eccentricity); accepted: 0 or more and below 1 (a closed orbit)")
        }
        guard inclination.isFinite, (0...180).contains(inclination) else {
            throw refuse("the inclination is \(inclination)°; accepted: 0° to 180°")
        }
        let angles = [rightAscension, argumentOfPerigee, meanAnomaly, bstar, meanMotionDot, meanMotionDDot]
        guard angles.allSatisfy(\.isFinite) else { throw refuse("a field is not a finite number") }
        let lead = epochUnix - nowUnix
        guard epochUnix.isFinite, lead <= Self.usableEpochLeadSeconds else {
            let days = (lead / 86_400).fixed(1)
            let epoch = ISO8601.format(seconds: epochUnix, offsetSeconds: 0)
            throw refuse(
                "the epoch \(epoch) is \(days) days ahead of now; accepted: an epoch "
                    + "at most a day ahead")
        }
        let model = SGP4(self)
        var minutes = 0.0
        while minutes <= Self.usableMinutes {
            let accepted = "; accepted: sets SGP4 carries a day past their epoch"
            switch Result(catching: { () throws(SGP4Error) in try model.state(minutesSinceEpoch: minutes) }) {
            case .failure(let error):
                throw refuse("SGP4 refuses it \(Int(minutes)) minutes after its epoch: \(error)" + accepted)
            case .success(let state):
                guard [state.position.x, state.position.y, state.position.z].allSatisfy(\.isFinite) else {
                    throw refuse("SGP4 gives no finite position \(Int(minutes)) minutes after its epoch" + accepted)
                }
            }
            minutes += Self.usableStepMinutes
        }
    }
}
