import NoiseCore
import NoiseProtocol

extension DaemonConnection {
    /// Every alarm, the next to ring first, a page (`Limits.maxListPage`) at a time: `body` gets each page as it
    /// comes, so nothing here holds the whole list.
    public func forEachAlarmPage(_ body: ([AlarmInfo]) throws(ClientFailure) -> Void) throws(ClientFailure) {
        var offset = 0
        while true {
            let page = try call(Commands.AlarmList(offset: offset, limit: Limits.maxListPage)).alarms
            try body(page)
            guard page.count == Limits.maxListPage else { return }
            offset += page.count
        }
    }
}
