import LifeCalendar
import NoiseCore
import NoiseProtocol
import NoiseTime

extension DaemonConnection {
    /// The diary's entries from `since` (every one when nil), oldest first, a page (`LifeLimits.maxEntriesPage`) at a
    /// time through `gratitude_list` (`gratitude_export` when `export`): `body` gets each page as it comes, so nothing
    /// here holds the whole diary.
    public func forEachEntryPage(
        export: Bool = false, since: LocalDate? = nil,
        _ body: ([GratitudeEntry]) throws(ClientFailure) -> Void
    ) throws(ClientFailure) {
        var after: LocalDate?
        while true {
            let page =
                export
                ? try call(Commands.GratitudeExport(after: after)).entries
                : try call(Commands.GratitudeList(since: since, after: after)).entries
            try body(page)
            guard page.count == LifeLimits.maxEntriesPage, let last = page.last else { return }
            after = last.date
        }
    }
}
