import ArgumentParser
import NoiseTime

extension OptionValue {
    /// An instant (`--from`, `--at`, `--time`): ISO 8601 with an offset or Z, as Unix seconds with its milliseconds
    /// (Mars alarms ring to the millisecond, so their inputs keep it). The one parser and the one message every
    /// such option has; a finer fraction is refused rather than cut without a word.
    static func instant(_ text: String) throws -> Double {
        guard let parts = ISO8601.parts(text), let whole = parts.instant else {
            throw ValidationError("'\(text.prefix(40))' is not an ISO-8601 instant with an offset; "
                + "use 2024-11-23T15:00:00Z, 2024-11-23T15:00:00.250Z or 2024-11-23T10:00:00-05:00")
        }
        guard parts.fractionDigits.count <= 3 else {
            throw ValidationError("'\(text.prefix(40))' gives \(parts.fractionDigits.count) digits after the seconds; "
                + "an instant keeps milliseconds: at most 3 (2024-11-23T15:00:00.250Z)")
        }
        return Double(whole) + parts.fraction
    }
}
