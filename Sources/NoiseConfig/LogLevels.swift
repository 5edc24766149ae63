/// The log levels swift-log knows, by name, so the core can check them without importing swift-log.
public enum LogLevels {
    public static let names = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
}
