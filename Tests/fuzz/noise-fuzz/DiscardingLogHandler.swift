import Logging

/// Takes every level (so the daemon's log messages are still built, and fuzzed) and prints nothing: the rig's
/// logs would drown libFuzzer's output.
struct DiscardingLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {}
}
