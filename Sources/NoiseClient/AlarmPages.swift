import NoiseCore
import NoiseProtocol

extension DaemonConnection {
    /// `alarm_list`'s arguments: which page.
    private struct ListPage: Encodable {
        var offset: Int
        var limit: Int
    }

    /// Every alarm, the next to ring first, a page (`Limits.maxListPage`) at a time: `body` gets each page as it
    /// comes, so nothing here holds the whole list.
    public func forEachAlarmPage(_ body: ([AlarmInfo]) throws(ClientFailure) -> Void) throws(ClientFailure) {
        var offset = 0
        while true {
            let page = try request("alarm_list", args: ListPage(offset: offset, limit: Limits.maxListPage), as: AlarmList.self).alarms
            try body(page)
            guard page.count == Limits.maxListPage else { return }
            offset += page.count
        }
    }
}
