import NIOCore
import NoiseCore

/// Answers what a connection sent, line by line from the start, for as long as each line has a quick reply
/// (`ping`, `status`): the quick lane's part that needs no socket. No I/O: it is given the bytes of a read and a
/// buffer for the replies.
enum QuickLines {
    struct Outcome: Equatable {
        /// Bytes answered (whole lines and their newlines); what follows is not.
        var consumed: Int
        /// The line at `consumed` needs the full path (a command that is not quick, or a line over the limit):
        /// the connection goes to its NIO channel from there.
        var needsConversation: Bool
    }

    /// Appends a reply and its newline to `replies` for each line answered. A line that `answer` declines leaves
    /// `replies` as it was before that line (whatever it appended is dropped), so the replies keep the order of
    /// their requests when the rest is answered elsewhere. A last line without its newline is left for the next read.
    static func answer(_ bytes: UnsafeRawBufferPointer, maxLineBytes: Int = Limits.maxLineBytes,
                       with answer: (UnsafeBufferPointer<UInt8>, inout ByteBuffer) -> Bool,
                       into replies: inout ByteBuffer) -> Outcome {
        let bytes = bytes.assumingMemoryBound(to: UInt8.self)
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            guard let length = LineFramer.requestLength(ofLine: newline - start,
                                                        endingWith: newline > start ? bytes[newline - 1] : nil,
                                                        maxLength: maxLineBytes)
            else { return Outcome(consumed: start, needsConversation: true) }
            let mark = replies.writerIndex
            guard answer(UnsafeBufferPointer(rebasing: bytes[start..<start + length]), &replies) else {
                replies.moveWriterIndex(to: mark)
                return Outcome(consumed: start, needsConversation: true)
            }
            replies.writeInteger(UInt8(ascii: "\n"))
            start = newline + 1
        }
        return Outcome(consumed: start, needsConversation: bytes.count - start > maxLineBytes)
    }
}
