import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// `alarm skip ID`, `alarm skip next` and `alarm skip ID --undo`: the schedule says which ring is skipped
/// (`AlarmSchedule+Skips`); the skip is stored before the schedule changes, and the change is published as every
/// other is.
extension AlarmScheduler {
    /// Skips an alarm's next ring, or with `undo`, takes its skip back; answered with the alarm.
    public func skip(_ id: Int64, undo: Bool = false) async throws(ProtocolError) -> AlarmInfo {
        guard schedule.alarms[id] != nil else { throw unknownAlarm(id) }
        if undo {
            guard schedule.skips[id] != nil else {
                throw ProtocolError(.nothingToUndo, "alarm \(id) skips no ring")
            }
            try await storeChanges.change(Self.notSaved) { try await store.setSkip(nil, ofAlarm: id) }
            _ = schedule.unskip(id)
        } else {
            let ring: Double
            switch schedule.ringToSkip(of: id) {
            case .success(let trigger): ring = trigger
            case .failure(let refusal): throw skipRefused(id, refusal)
            }
            try await storeChanges.change(Self.notSaved) { try await store.setSkip(ring, ofAlarm: id) }
            schedule.skip(id, ringAt: ring)
        }
        changed([id])
        return info(id)!
    }

    /// Skips the next ring of the repeating alarm that rings next (`alarm skip next`); answered with that alarm.
    public func skipNext() async throws(ProtocolError) -> AlarmInfo {
        guard let id = schedule.nextRepeatingAlarm else {
            throw ProtocolError(
                .invalidArgument,
                "no repeating alarm has a ring coming, so there is none to skip (a once alarm, a date or a timer is "
                    + "switched off instead: noisectl alarm disable ID)")
        }
        return try await skip(id)
    }

    /// Why alarm `id`'s next ring cannot be skipped, in words that say what to do instead.
    private func skipRefused(_ id: Int64, _ refusal: AlarmSchedule.SkipRefusal) -> ProtocolError {
        let message =
            switch refusal {
            case .disabled: "alarm \(id) is off: it has no ring to skip"
            case .ringing:
                "alarm \(id) is ringing: dismiss or snooze it (noisectl dismiss \(id)), then skip its next ring"
            case .ringsOnce:
                "alarm \(id) rings only once: skipping that ring leaves nothing to ring; "
                    + "switch it off instead (noisectl alarm disable \(id))"
            case .alreadySkips(let ring):
                "alarm \(id) already skips its ring of \(TriggerInfo(unix: ring, zone: schedule.zone).local); "
                    + "one ring is skipped at a time (noisectl alarm skip \(id) --undo takes it back)"
            case .noNextRing: "alarm \(id) has no next ring to skip"
            }
        return ProtocolError(.invalidArgument, message)
    }
}
