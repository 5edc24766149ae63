// `init(json:)` for the alarm part of the status reply and the alarm replies and events.

extension AlarmsStatus: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(count: try object.required("count"), next: try object.optional("next"),
                  ringing: try object.required("ringing"), missed: try object.required("missed"),
                  timeZone: try object.required("time_zone"), wakeFromSuspend: try object.required("wake_from_suspend"),
                  wakeNote: try object.optional("wake_note"), lastOnset: try object.optional("last_onset"),
                  storeProblem: try object.optional("store_problem"), timeZoneProblem: try object.optional("time_zone_problem"))
    }
}

extension AlarmInfo: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(alarm: try object.required("alarm"), nextTrigger: try object.optional("next_trigger"),
                  snoozedUntil: try object.optional("snoozed_until"), ringing: try object.required("ringing"),
                  tone: try object.optional("tone"))
    }
}

extension ToneInfo: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(sound: try object.optional("sound"), note: try object.optional("note"))
    }
}

extension TriggerInfo: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        unix = try object.required("unix")
        local = try object.required("local")
    }
}

extension MissedInfo: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(alarmId: try object.required("alarm_id"), label: try object.required("label"),
                  trigger: try object.required("trigger"), reason: try object.required("reason"))
    }
}

extension OnsetInfo: JSONDecodable {
    /// Reads the milliseconds as sent; the public initializer takes seconds and rounds.
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        writtenMs = try object.required("written_ms")
        heardMs = try object.required("heard_ms")
    }
}

extension Alarm: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(id: try object.required("id"), time: try object.required("time"), enabled: try object.required("enabled"),
                  label: try object.required("label"), repeat: try object.required("repeat"),
                  sound: try object.required("sound"), volume: try object.required("volume"),
                  rampSeconds: try object.required("ramp_seconds"), snoozeMinutes: try object.required("snooze_minutes"),
                  ringLimitSeconds: try object.required("ring_limit_seconds"), note: try object.optional("note"))
    }
}

extension TimeOfDay: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let text = try String(json: json)
        do throws(TimeOfDay.Failure) {
            self = try TimeOfDay.parse(text)
        } catch {
            throw JSONDecodingError("\(error)")
        }
    }
}

extension RepeatRule: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let text = try String(json: json)
        do throws(RepeatRule.Failure) {
            self = try RepeatRule.parse(text)
        } catch {
            throw JSONDecodingError(error.description)
        }
    }
}
