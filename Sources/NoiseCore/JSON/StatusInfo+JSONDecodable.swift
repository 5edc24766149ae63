// `init(json:)` for the status reply and everything inside it, so the client reads `status` without Codable.
// Field names are the wire's snake_case; every initializer mirrors its type's Codable shape, which the tests check.

extension StatusInfo: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        let playback = PlaybackInfo(masterVolume: try object.required("master_volume"), playing: try object.required("playing"),
                                    sleepTimer: try object.optional("sleep_timer"),
                                    lastPlayed: try object.required("last_played"))
        self.init(uptimeSeconds: try object.required("uptime_seconds"), audio: try object.required("audio"),
                  playback: playback, catalog: try object.required("catalog"), alarms: try object.optional("alarms"),
                  config: try object.optional("config"))
        // The initializer stamps this build's version; a reply carries the daemon's.
        version = try object.required("version")
        self.protocol = try object.required("protocol")
    }
}

extension PlaybackInfo: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(masterVolume: try object.required("master_volume"), playing: try object.required("playing"),
                  sleepTimer: try object.optional("sleep_timer"), lastPlayed: try object.required("last_played"))
    }
}

extension PlayingSound.State: JSONDecodable {}
extension AudioStatus.State: JSONDecodable {}

extension PlayingSound: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(id: try object.required("id"), name: try object.required("name"),
                  volume: try object.required("volume"), state: try object.required("state"))
    }
}

extension SleepTimerInfo: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(remainingSeconds: try object.required("remaining_seconds"),
                  fadeOutSeconds: try object.required("fade_out_seconds"))
    }
}

extension AudioStatus: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(device: try object.required("device"), state: try object.required("state"),
                  error: try object.optional("error"), underruns: try object.required("underruns"))
    }
}

extension CatalogSummary: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(sounds: try object.required("sounds"), problems: try object.required("problems"))
    }
}

extension ConfigStatus: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(path: try object.required("path"), found: try object.required("found"),
                  problems: try object.required("problems"))
    }
}

extension ErrorCode: JSONDecodable {}

extension ProtocolError: JSONDecodable {
    public init(json: JSONValue) throws(JSONDecodingError) {
        let object = try JSONFields(json)
        self.init(try object.required("code"), try object.required("message"))
    }
}
