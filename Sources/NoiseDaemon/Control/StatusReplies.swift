import NoiseCore
import Synchronization

/// Writes `status` replies from a `StatusReplyTemplate`, made again only when the status changed in more than
/// its uptime (docs/performance.md, row 2).
final class StatusReplies: Sendable {
    private let template = Mutex<StatusReplyTemplate?>(nil)

    func reply(id: RequestID, status: StatusInfo) throws -> [UInt8] {
        try template.withLock { template in
            if let current = template, current.fits(status) {
                return try current.reply(id: id, uptimeSeconds: status.uptimeSeconds)
            }
            let made = try StatusReplyTemplate(status)
            template = made
            return try made.reply(id: id, uptimeSeconds: status.uptimeSeconds)
        }
    }
}
