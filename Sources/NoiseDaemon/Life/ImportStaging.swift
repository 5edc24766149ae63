import LifeCalendar
import NoiseCore
import NoiseProtocol
import NoiseTime

/// The batches of one `gratitude import` held until its last, so the whole file is stored in one transaction: a
/// store that fails, or a daemon that stops, half-way through an import leaves nothing of it. An import is named by
/// the client (`stage`); one whose batches stop coming is forgotten after `stagingSeconds`, and all those held
/// together are bounded by `maxStagedBytes`.
actor ImportStaging {
    /// At most this much text across the imports held, and each forgotten when no batch came for this long.
    static let maxStagedBytes = 64 << 20
    static let stagingSeconds = 600.0

    private struct Staged {
        var entries: [GratitudeEntry] = []
        var days = Set<LocalDate>()
        var bytes = 0
        var touched: Double
    }

    private var staged: [String: Staged] = [:]

    /// Adds a batch to import `name` (a day already in it is refused, and the import dropped); with `last`, returns
    /// the whole import to store, and forgets it. `now` is the wall clock's.
    func add(
        _ entries: [GratitudeEntry], to name: String, last: Bool, now: Double
    ) throws(ProtocolError) -> [GratitudeEntry]? {
        staged = staged.filter { now - $0.value.touched < Self.stagingSeconds }
        var batch = staged.removeValue(forKey: name) ?? Staged(touched: now)
        for (index, entry) in entries.enumerated() {
            guard batch.days.insert(entry.date).inserted else {
                throw ProtocolError(
                    .invalidArgument,
                    "gratitude_import: entry \(index + 1): \(entry.date) is in the import "
                        + "twice (an earlier batch has it); one entry a day; nothing of this import was stored")
            }
            batch.bytes += entry.text.utf8.count
        }
        batch.entries += entries
        guard !last else { return batch.entries }
        let held = staged.values.reduce(batch.bytes) { $0 + $1.bytes }
        guard held <= Self.maxStagedBytes else {
            throw ProtocolError(
                .invalidArgument,
                "gratitude_import: an import may hold at most "
                    + "\(Self.maxStagedBytes >> 20) MiB of text until its last batch; nothing of this import was stored"
            )
        }
        batch.touched = now
        staged[name] = batch
        return nil
    }

    /// How many entries import `name` holds.
    func count(_ name: String) -> Int { staged[name]?.entries.count ?? 0 }
}
