import NIOCore
import NoiseCore

/// The replies the quick lane (and a connection's handler after it) gives on its own thread, without the
/// connection's task or any actor: `ping`, and `status` read from the status board. Not generic and shared by every
/// connection, so a request costs no metadata look-up and no copy of the request handler (docs/performance.md, row 2).
final class QuickReplies: Sendable {
    private let board: StatusBoard
    private let live: LiveConfiguration
    /// Off under `NOISED_TEST_FAULTS=slow-replies`: every request then takes the slow path, which holds it.
    private let enabled: Bool
    private let statusReplies = StatusReplies()

    init(board: StatusBoard, live: LiveConfiguration, faults: TestFaults) {
        self.board = board
        self.live = live
        self.enabled = !faults.slowReplies
    }

    /// Appends the reply to `line` to `buffer`, without its newline; false, with nothing appended, for a line that
    /// takes the full path (`RequestHandler.reply(to:)`).
    func reply(to line: ByteBufferView, into buffer: inout ByteBuffer) -> Bool {
        line.withContiguousStorageIfAvailable { reply(to: $0, into: &buffer) } ?? false
    }

    func reply(to line: UnsafeBufferPointer<UInt8>, into buffer: inout ByteBuffer) -> Bool {
        guard enabled, let (request, id) = RequestDecoder.immediate(bytes: line) else { return false }
        do {
            switch request {
            case .ping: buffer.writeBytes(try Replies.success(id: id, data: Replies.Empty()))
            case .status:
                let live = self.live
                try statusReplies.write(id: id, board: board, configVersion: live.statusVersion, config: { live.status },
                                        into: &buffer)
            }
            return true
        } catch {
            return false
        }
    }
}
