import ArgumentParser
import NoiseTime

extension OptionValue {
    /// An instant (`--from`, `--at`, `--time`): ISO 8601 with an offset or Z, as Unix seconds. The one parser and
    /// the one message every such option has.
    static func instant(_ text: String) throws -> Double {
        guard let instant = ISO8601.parse(text) else {
            throw ValidationError("'\(text.prefix(40))' is not an ISO-8601 instant with an offset; "
                + "use 2024-11-23T15:00:00Z or 2024-11-23T10:00:00-05:00")
        }
        return Double(instant)
    }
}
