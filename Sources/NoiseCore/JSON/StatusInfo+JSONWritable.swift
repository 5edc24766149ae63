// The status reply's types, written by hand (see `JSONWritable`). Keys are the snake_case wire names in
// sorted order; `JSONSamples` covers every field for the parity tests.

extension StatusInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            try out.field("alarms", alarms)
            try out.field("audio", audio)
            try out.field("catalog", catalog)
            try out.field("config", config)
            out.field("last_played", lastPlayed)
            try out.field("master_volume", masterVolume)
            try out.field("playing", playing)
            out.field("protocol", self.protocol)
            try out.field("sleep_timer", sleepTimer)
            try out.field("uptime_seconds", uptimeSeconds)
            out.field("version", version)
        }
    }
}

extension PlaybackInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            out.field("last_played", lastPlayed)
            try out.field("master_volume", masterVolume)
            try out.field("playing", playing)
            try out.field("sleep_timer", sleepTimer)
        }
    }
}

extension PlayingSound: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            out.field("id", id)
            out.field("name", name)
            out.field("state", state.rawValue)
            try out.field("volume", volume)
        }
    }
}

extension SleepTimerInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            try out.field("fade_out_seconds", fadeOutSeconds)
            try out.field("remaining_seconds", remainingSeconds)
        }
    }
}

extension AudioStatus: JSONWritable {
    func writeJSON(to out: inout JSONOutput) {
        out.object { out in
            out.field("device", device)
            out.field("error", error)
            out.field("state", state.rawValue)
            out.field("underruns", underruns)
        }
    }
}

extension CatalogSummary: JSONWritable {
    func writeJSON(to out: inout JSONOutput) {
        out.object { out in
            out.field("problems", problems)
            out.field("sounds", sounds)
        }
    }
}

extension ConfigStatus: JSONWritable {
    func writeJSON(to out: inout JSONOutput) {
        out.object { out in
            out.field("found", found)
            out.field("path", path)
            out.field("problems", problems)
        }
    }
}

extension AlarmsStatus: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            out.field("count", count)
            try out.field("last_onset", lastOnset)
            try out.field("missed", missed)
            try out.field("next", next)
            try out.field("ringing", ringing)
            out.field("store_problem", storeProblem)
            out.field("time_zone", timeZone)
            out.field("time_zone_problem", timeZoneProblem)
            out.field("wake_from_suspend", wakeFromSuspend)
            out.field("wake_note", wakeNote)
        }
    }
}

extension AlarmInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            try out.field("alarm", alarm)
            try out.field("next_trigger", nextTrigger)
            out.field("ringing", ringing)
            try out.field("snoozed_until", snoozedUntil)
            try out.field("tone", tone)
        }
    }
}

extension ToneInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) {
        out.object { out in
            out.field("note", note)
            out.field("sound", sound)
        }
    }
}

extension Alarm: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            out.field("enabled", enabled)
            out.field("id", id)
            out.field("label", label)
            out.field("note", note)
            try out.field("ramp_seconds", rampSeconds)
            out.field("repeat", self.repeat.description)
            try out.field("ring_limit_seconds", ringLimitSeconds)
            out.field("snooze_minutes", snoozeMinutes)
            out.field("sound", sound)
            out.field("time", time.description)
            try out.field("volume", volume)
        }
    }
}

extension TriggerInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) {
        out.object { out in
            out.field("local", local)
            out.field("unix", unix)
        }
    }
}

extension MissedInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            out.field("alarm_id", alarmId)
            out.field("label", label)
            out.field("reason", reason)
            try out.field("trigger", trigger)
        }
    }
}

extension OnsetInfo: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            try out.field("heard_ms", heardMs)
            try out.field("written_ms", writtenMs)
        }
    }
}

extension ProtocolError: JSONWritable {
    func writeJSON(to out: inout JSONOutput) {
        out.object { out in
            out.field("code", code.rawValue)
            out.field("message", message)
        }
    }
}

extension Replies.Success: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try writeJSON(to: &out) { out in try out.field("data", encoding: data) }
    }

    /// With a payload known to be writable: no conformance check and no generic `value` on the way (the status
    /// reply, sent on every `status`).
    func writeJSON(to out: inout JSONOutput) throws where Payload: JSONWritable {
        try writeJSON(to: &out) { out in try out.field("data", data) }
    }

    private func writeJSON(to out: inout JSONOutput, data: (inout JSONOutput) throws -> Void) throws {
        try out.object { out in
            try data(&out)
            id.write(field: "id", to: &out)
            out.field("ok", ok)
        }
    }
}

extension Replies.Failure: JSONWritable {
    func writeJSON(to out: inout JSONOutput) {
        out.object { out in
            out.key("error")
            error.writeJSON(to: &out)
            id.write(field: "id", to: &out)
            out.field("ok", ok)
        }
    }
}

extension Replies.EventLine: JSONWritable {
    func writeJSON(to out: inout JSONOutput) throws {
        try out.object { out in
            try out.field("data", encoding: data)
            out.field("event", event)
        }
    }
}

extension RequestID {
    /// A number, a string or `null`, as the request gave it.
    func write(field name: StaticString, to out: inout JSONOutput) {
        out.key(name)
        out.writing { writeValue(into: &$0) }
    }

    func writeValue(into bytes: inout [UInt8]) {
        switch self {
        case .int(let value): JSONWriter.writeNumber(Double(value), into: &bytes)
        case .string(let value): JSONWriter.writeString(value, into: &bytes)
        case .none: bytes.append(contentsOf: Self.null)
        }
    }

    private static let null = Array("null".utf8)
}
