// The status reply's types, encoded by hand (see `JSONTreeEncodable`). Keys are the snake_case wire names
// in sorted order; `JSONSamples` covers every field for the parity tests.

extension StatusInfo: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object([
            "alarms": try .orNull(alarms), "audio": try audio.encodedJSON(), "catalog": catalog.encodedJSON(),
            "config": try .orNull(config), "last_played": .strings(lastPlayed), "master_volume": try .finite(masterVolume),
            "playing": try .list(playing),
            "protocol": .integer(self.protocol), "sleep_timer": try .orNull(sleepTimer),
            "uptime_seconds": try .finite(uptimeSeconds), "version": .text(version),
        ])
    }
}

extension PlaybackInfo: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["last_played": .strings(lastPlayed), "master_volume": try .finite(masterVolume),
                 "playing": try .list(playing), "sleep_timer": try .orNull(sleepTimer)])
    }
}

extension PlayingSound: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["id": .text(id), "name": .text(name), "state": .text(state.rawValue), "volume": try .finite(volume)])
    }
}

extension SleepTimerInfo: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["fade_out_seconds": try .finite(fadeOutSeconds), "remaining_seconds": try .finite(remainingSeconds)])
    }
}

extension AudioStatus: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["device": .text(device), "error": .orNull(error), "state": .text(state.rawValue),
                 "underruns": .integer(underruns)])
    }
}

extension CatalogSummary: JSONTreeEncodable {
    func encodedJSON() -> EncodedJSON {
        .object(["problems": .strings(problems), "sounds": .integer(sounds)])
    }
}

extension ConfigStatus: JSONTreeEncodable {
    func encodedJSON() -> EncodedJSON {
        .object(["found": .flag(found), "path": .text(path), "problems": .strings(problems)])
    }
}

extension AlarmsStatus: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object([
            "count": .integer(count), "last_onset": try .orNull(lastOnset), "missed": try .list(missed),
            "next": try .orNull(next), "ringing": try .list(ringing), "store_problem": .orNull(storeProblem),
            "time_zone": .text(timeZone), "wake_from_suspend": .flag(wakeFromSuspend), "wake_note": .orNull(wakeNote),
        ])
    }
}

extension AlarmInfo: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["alarm": try alarm.encodedJSON(), "next_trigger": try .orNull(nextTrigger), "ringing": .flag(ringing),
                 "snoozed_until": try .orNull(snoozedUntil)])
    }
}

extension Alarm: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object([
            "enabled": .flag(enabled), "id": .integer(id), "label": .text(label), "note": .orNull(note),
            "ramp_seconds": try .finite(rampSeconds), "repeat": .text(self.repeat.description),
            "ring_limit_seconds": try .finite(ringLimitSeconds), "snooze_minutes": .integer(snoozeMinutes),
            "sound": .text(sound), "time": .text(time.description), "volume": try .finite(volume),
        ])
    }
}

extension TriggerInfo: JSONTreeEncodable {
    func encodedJSON() -> EncodedJSON {
        .object(["local": .text(local), "unix": .integer(unix)])
    }
}

extension MissedInfo: JSONTreeEncodable {
    func encodedJSON() -> EncodedJSON {
        .object(["alarm_id": .integer(alarmId), "label": .text(label), "reason": .text(reason),
                 "trigger": trigger.encodedJSON()])
    }
}

extension OnsetInfo: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["heard_ms": try .finite(heardMs), "written_ms": try .finite(writtenMs)])
    }
}

extension RequestID: JSONTreeEncodable {
    func encodedJSON() -> EncodedJSON {
        switch self {
        case .int(let value): .integer(value)
        case .string(let value): .text(value)
        case .none: .value(.null)
        }
    }
}

extension ProtocolError: JSONTreeEncodable {
    func encodedJSON() -> EncodedJSON {
        .object(["code": .text(code.rawValue), "message": .text(message)])
    }
}

extension Replies.Success: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["data": try JSONCoding.tree(data), "id": id.encodedJSON(), "ok": .flag(ok)])
    }
}

extension Replies.Failure: JSONTreeEncodable {
    func encodedJSON() -> EncodedJSON {
        .object(["error": error.encodedJSON(), "id": id.encodedJSON(), "ok": .flag(ok)])
    }
}

extension Replies.EventLine: JSONTreeEncodable {
    func encodedJSON() throws -> EncodedJSON {
        .object(["data": try JSONCoding.tree(data), "event": .text(event)])
    }
}
