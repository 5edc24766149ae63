import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// What `bedtime` asks for: a saved mix with its sleep timer, and a one-off alarm to wake by.
public struct BedtimePlan: Sendable, Equatable {
    public var mix: String
    /// The sleep timer, seconds; nil plays until stopped.
    public var sleepSeconds: Double?
    /// The volume the sleep timer fades to and plays on at (`--fade-to`); nil fades to silence and stops.
    public var fadeTo: Double?
    /// The wake alarm's settings (its time at least); nil sets none. It rings once, at the next time it names.
    public var wake: AlarmChanges?

    public init(mix: String, sleepSeconds: Double?, wake: AlarmChanges?, fadeTo: Double? = nil) {
        self.mix = mix
        self.sleepSeconds = sleepSeconds
        self.wake = wake
        self.fadeTo = fadeTo
    }
}

/// What `bedtime` did: the playback as `play` answered, and the alarm added (nil without one).
public struct BedtimeResult: Sendable, Equatable, Codable {
    public var playback: PlaybackInfo
    @ExplicitNull public var alarm: AlarmInfo?

    public init(playback: PlaybackInfo, alarm: AlarmInfo?) {
        self.playback = playback
        self.alarm = alarm
    }
}

extension DaemonConnection {
    /// Bedtime in one step, from the requests every client has (`mix_list`, `alarm_add`, `play`, `alarm_remove`),
    /// here so `noisectl` and any other client compose them alike. Ordered so a failure leaves nothing half done:
    /// an unknown mix is refused before anything changes; the alarm is added before the mix plays, since an alarm
    /// can be taken back whole and a playback replaced cannot; a refused `play` removes the alarm again, and the
    /// failure says so.
    public func bedtime(_ plan: BedtimePlan) throws(ClientFailure) -> BedtimeResult {
        let mixes = try call(Commands.MixList())
        do throws(ProtocolError) { _ = try mixes.named(plan.mix) } catch {
            throw .refused(error)
        }
        var alarm: AlarmInfo?
        if var wake = plan.wake {
            wake.repeat = .once
            alarm = try call(Commands.AlarmAdd(wake))
        }
        let play = Commands.Play(sounds: [], mix: plan.mix, for: plan.sleepSeconds, fadeTo: plan.fadeTo)
        do throws(ClientFailure) {
            return BedtimeResult(playback: try call(play), alarm: alarm)
        } catch {
            guard let id = alarm?.alarm.id else { throw error }
            do throws(ClientFailure) {
                _ = try call(Commands.AlarmRemove(id: id))
            } catch let removal {
                throw ClientFailure(
                    message: "\(error.message); alarm \(id), added for the wake time, could not be "
                        + "removed again (\(removal.message)): noisectl alarm remove \(id)",
                    code: error.code, exitCode: error.exitCode)
            }
            throw ClientFailure(
                message: "\(error.message); alarm \(id), added for the wake time, was removed again",
                code: error.code, exitCode: error.exitCode)
        }
    }
}
