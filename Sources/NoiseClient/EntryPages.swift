import LifeCalendar
import NoiseCore
import NoiseProtocol
import NoiseTime

extension DaemonConnection {
    /// `gratitude_list`'s and `gratitude_export`'s arguments: which page.
    private struct EntryPage: Encodable {
        var since: String?
        var after: String?
        var limit: Int
    }

    /// The diary's entries from `since` (every one when nil), oldest first, a page (`Limits.maxEntriesPage`) at a
    /// time through `command` (`gratitude_list` or `gratitude_export`): `body` gets each page as it comes, so nothing
    /// here holds the whole diary.
    public func forEachEntryPage(_ command: String, since: String? = nil,
                          _ body: ([GratitudeEntry]) throws(ClientFailure) -> Void) throws(ClientFailure) {
        var after: LocalDate?
        while true {
            let args = EntryPage(since: since, after: after?.description, limit: Limits.maxEntriesPage)
            let page = try request(command, args: args, as: GratitudeEntries.self).entries
            try body(page)
            guard page.count == Limits.maxEntriesPage, let last = page.last else { return }
            after = last.date
        }
    }
}
