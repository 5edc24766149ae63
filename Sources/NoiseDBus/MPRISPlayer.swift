/// What the MPRIS `Player` interface shows: the daemon works it out from what plays, the bus thread serves it
/// and signals its changes.
public struct MPRISPlayer: Sendable, Equatable {
    public enum Status: String, Sendable {
        case playing = "Playing", paused = "Paused", stopped = "Stopped"
    }

    public var status: Status
    /// The track's title (the sound's name, or the mixed sounds' names joined); nil with no track at all.
    public var title: String?
    /// `mpris:trackid`, an object path naming what plays.
    public var trackID: String
    /// The master volume, 0.0 to 1.0.
    public var volume: Double
    public var canGoNext: Bool
    public var canGoPrevious: Bool

    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    public init(status: Status, title: String?, trackID: String, volume: Double, canGoNext: Bool, canGoPrevious: Bool) {
        self.status = status
        self.title = title
        self.trackID = trackID
        self.volume = volume
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
    }

    public static let stopped = MPRISPlayer(
        status: .stopped, title: nil, trackID: noTrack, volume: 1, canGoNext: false,
        canGoPrevious: false)

    /// `Metadata`: endless loops have no `mpris:length`.
    var metadata: BusValue {
        var entries: [(String, BusValue)] = [("mpris:trackid", .objectPath(trackID))]
        if let title {
            entries += [
                ("xesam:title", .string(title)), ("xesam:album", .string("NoiseClock")),
                ("xesam:artist", .strings(["NoiseClock"])),
            ]
        }
        return .dictionary(entries)
    }

    /// The names of the properties that differ from `old`'s, for PropertiesChanged.
    func changes(from old: MPRISPlayer) -> [String] {
        var names: [String] = []
        if status != old.status { names.append("PlaybackStatus") }
        if title != old.title || trackID != old.trackID { names.append("Metadata") }
        if volume != old.volume { names.append("Volume") }
        if canGoNext != old.canGoNext { names.append("CanGoNext") }
        if canGoPrevious != old.canGoPrevious { names.append("CanGoPrevious") }
        return names
    }
}

/// The MPRIS methods the daemon carries out (the rest are answered on the bus thread).
public enum MPRISMethod: String, Sendable {
    case play = "Play", pause = "Pause", playPause = "PlayPause", stop = "Stop", next = "Next", previous = "Previous"
}
