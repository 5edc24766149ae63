import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseTime

/// `alarm pause ID --until DATE` and `alarm pause ID --undo`: the schedule says whether the alarm can be paused and
/// when the pause ends (`AlarmSchedule+Pauses`); the pause is stored before the schedule changes, and the change is
/// published as every other is.
extension AlarmScheduler {
    /// Pauses an alarm until a date, or ends its pause; answered with the alarm.
    public func pause(_ id: Int64, _ change: Commands.AlarmPause.Change) async throws(ProtocolError) -> AlarmInfo {
        guard schedule.alarms[id] != nil else { throw unknownAlarm(id) }
        switch change {
        case .undo:
            guard schedule.pauses[id] != nil else {
                throw ProtocolError(.nothingToUndo, "alarm \(id) is not paused")
            }
            try await storeChanges.change(Self.notSaved) { try await store.setPause(nil, ofAlarm: id) }
            _ = schedule.unpause(id)
        case .until(let date):
            if case .failure(let refusal) = schedule.pauseEnd(of: id, until: date, now: now()) {
                throw pauseRefused(id, date, refusal)
            }
            try await storeChanges.change(Self.notSaved) { try await store.setPause(date, ofAlarm: id) }
            schedule.pause(id, until: date)
        }
        changed([id])
        return info(id)!
    }

    /// Why alarm `id` cannot be paused until `date`, in words that say what to do instead.
    private func pauseRefused(
        _ id: Int64, _ date: LocalDate, _ refusal: AlarmSchedule.PauseRefusal
    ) -> ProtocolError {
        let message =
            switch refusal {
            case .disabled: "alarm \(id) is off: there is no ring to pause"
            case .ringing:
                "alarm \(id) is ringing: dismiss or snooze it (noisectl dismiss \(id)), then pause it"
            case .snoozed(let until):
                "alarm \(id) is snoozed until \(TriggerInfo(unix: until, zone: schedule.zone).local): "
                    + "dismiss it (noisectl dismiss \(id)), then pause it"
            case .ringsOnce:
                "alarm \(id) rings only once: pausing it past that ring leaves nothing to ring; "
                    + "switch it off instead (noisectl alarm disable \(id))"
            case .begun(let start):
                "alarm \(id) cannot be paused until \(date): that date began on its clock at "
                    + "\(TriggerInfo(unix: start, zone: schedule.zone).local); give a later date (YYYY-MM-DD)"
            case .unknownZone: "alarm \(id) rings by a time zone this system does not know: it has no clock to pause by"
            }
        return ProtocolError(.invalidArgument, message)
    }
}
