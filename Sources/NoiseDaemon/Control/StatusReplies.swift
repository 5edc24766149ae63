import NIOCore
import NoiseCore
import Synchronization

/// Writes `status` replies from a `StatusReplyTemplate`, made again only when the status changed in more than its
/// uptime. Whether it did is told by the board's stamp, the config's count of changes and the time, without building
/// the status: a status bar polling an unchanged daemon costs two brief locks, a clock reading and a copy
/// (docs/performance.md, row 2).
final class StatusReplies: Sendable {
    private struct Kept {
        var template: StatusReplyTemplate
        var stamp: StatusBoard.Stamp
        var configVersion: UInt64
        var stableUntil: Double

        func holds(_ stamp: StatusBoard.Stamp, _ configVersion: UInt64, at now: Double) -> Bool {
            self.stamp == stamp && self.configVersion == configVersion && now < stableUntil
        }
    }

    private struct State {
        var kept: Kept?
        /// The uptime's text, kept for its capacity.
        var uptime: [UInt8] = []
        /// How many templates were made (the tests check that an unchanged status makes no new one).
        var templatesMade = 0
    }

    private let state = Mutex(State())

    /// Appends the reply to `id` for the board's status as of now, with `config()` filled in: a status whose
    /// `configVersion` differs from the last one's.
    func write(id: RequestID, board: StatusBoard, configVersion: UInt64, config: () -> ConfigStatus?,
               into buffer: inout ByteBuffer) throws {
        let (stamp, now) = board.stamp()
        try state.withLock { state in
            var uptime = now
            let template: StatusReplyTemplate
            if let kept = state.kept, kept.holds(stamp, configVersion, at: now) {
                template = kept.template
            } else {
                var (status, stamp, stableUntil) = board.snapshot()
                status.config = config()
                uptime = status.uptimeSeconds
                template = try StatusReplyTemplate(status)
                state.templatesMade += 1
                state.kept = Kept(template: template, stamp: stamp, configVersion: configVersion, stableUntil: stableUntil)
            }
            state.uptime.removeAll(keepingCapacity: true)
            try StatusReplyTemplate.writeUptime(uptime, into: &state.uptime)
            buffer.writeBytes(template.head)
            buffer.writeBytes(state.uptime)
            buffer.writeBytes(template.tail(for: id))
        }
    }
}

extension StatusReplies {
    var templatesMade: Int { state.withLock { $0.templatesMade } }
}
