import Logging
import Synchronization

/// The daemon's log level, changeable while it runs (a SIGHUP reload of `log.level`). swift-log asks each
/// handler for its level; `AdjustableLogHandler` answers from here, so every logger follows at once.
public final class LogLevelControl: Sendable {
    private let level: Mutex<Logger.Level>

    public init(_ initial: Logger.Level) {
        level = Mutex(initial)
    }

    public var current: Logger.Level {
        get { level.withLock { $0 } }
        set { level.withLock { $0 = newValue } }
    }
}

/// Wraps the real handler (the journal's or the terminal's) and takes its level from `LogLevelControl`.
public struct AdjustableLogHandler: LogHandler {
    private var inner: any LogHandler
    private let control: LogLevelControl

    public init(wrapping inner: any LogHandler, control: LogLevelControl) {
        self.inner = inner
        self.control = control
        self.inner.logLevel = .trace
    }

    public var logLevel: Logger.Level {
        get { control.current }
        set { control.current = newValue }
    }

    public var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        inner.log(event: event)
    }
}
