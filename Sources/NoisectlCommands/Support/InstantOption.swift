import ArgumentParser
import NoiseCore
import NoiseTime

extension OptionValue {
    /// An instant (`--from`, `--at`, `--time`): ISO 8601 with an offset or Z, as Unix seconds with its milliseconds
    /// (Mars alarms ring to the millisecond, so their inputs keep it). The one parser and the one message every
    /// such option has. A fraction may have 1–9 digits after `.` or `,` (Python's `isoformat()` writes 6, `date
    /// --iso-8601=ns` 9); digits past the millisecond are rounded, as no alarm rings finer.
    static func instant(_ text: String) throws -> Double {
        guard let parts = ISO8601.parts(text), let whole = parts.instant else {
            throw ValidationError(
                "'\(text.prefix(40))' is not an ISO-8601 instant with an offset; "
                    + "use 2024-11-23T15:00:00Z, 2024-11-23T15:00:00.250Z or 2024-11-23T10:00:00-05:00")
        }
        guard parts.fractionDigits.count <= NoisectlLimits.maxInstantFractionDigits else {
            throw ValidationError(
                "'\(text.prefix(40))' gives \(parts.fractionDigits.count) digits after the seconds; "
                    + "at most \(NoisectlLimits.maxInstantFractionDigits) (nanoseconds) are read, and an instant keeps "
                    + "milliseconds (2024-11-23T15:00:00.250Z)")
        }
        // One division of exact integers: the double nearest the millisecond, as `ISO8601.format` reads it back.
        return Double(whole * 1000 + Int64(parts.roundedMilliseconds)) / 1000
    }
}
