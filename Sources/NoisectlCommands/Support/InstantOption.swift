import ArgumentParser
import NoiseTime

/// An instant given on the command line (`--from`, `--at`, `--time`): ISO 8601 with an offset or Z. The one parser
/// and the one message every such option has.
enum InstantOption {
    /// Unix seconds, or nil when the option was not given; a bad one is a usage error saying what is accepted.
    static func parse(_ text: String?, option: String) throws -> Double? {
        guard let text else { return nil }
        guard let instant = ISO8601.parse(text) else {
            throw ValidationError("\(option) '\(text.prefix(40))' is not an ISO-8601 instant with an offset; "
                + "use 2024-11-23T15:00:00Z or 2024-11-23T10:00:00-05:00")
        }
        return Double(instant)
    }
}
