import NIOCore
import NoiseCore

/// Splits a connection's byte stream into lines (without the `\n`, and without a `\r` before it), refusing any
/// line longer than `maxLength` as soon as that many bytes arrive without a newline, so memory stays bounded. No
/// I/O: the connection's handler feeds it what each read brought and takes lines out. Both ends of the socket
/// frame with it: the daemon's connections (request lines, at most `Limits.maxLineBytes`) and the async client
/// (`DaemonClient`: reply and event lines, with no limit: a reply may be megabytes).
public struct LineFramer: Sendable {
    public enum Next: Equatable {
        case line(ByteBuffer)
        /// No complete line yet.
        case needMoreData
        /// A line over the limit; nothing after it is read.
        case tooLong
    }

    public let maxLength: Int
    /// Bytes not yet handed out as lines. Usually empty between reads, and then a read's buffer is framed as it
    /// came, without a copy.
    private var pending = ByteBuffer()
    /// How far into `pending` the search for a newline has already looked.
    private var scanned = 0

    public init(maxLength: Int = Limits.maxLineBytes) {
        self.maxLength = maxLength
    }

    public mutating func append(_ bytes: ByteBuffer) {
        if pending.readableBytes == 0 {
            pending = bytes
        } else {
            var bytes = bytes
            pending.writeBuffer(&bytes)
        }
    }

    public mutating func next() -> Next {
        let scanned = self.scanned
        let newline = pending.withUnsafeReadableBytes { bytes in bytes[scanned...].firstIndex(of: UInt8(ascii: "\n")) }
        guard let length = newline else {
            // Everything was handed out: let go of the read's buffer, so NIO reads the next request into it again
            // instead of into another (it reuses a buffer only when nothing else holds it).
            if pending.readableBytes == 0 { pending = ByteBuffer() }
            self.scanned = pending.readableBytes
            return self.scanned > maxLength ? .tooLong : .needMoreData
        }
        self.scanned = 0
        guard length <= maxLength else { return .tooLong }
        // A client may end its lines with "\r\n": the `\r` is not part of the request.
        let crlf =
            length > 0 && pending.getInteger(at: pending.readerIndex + length - 1, as: UInt8.self) == UInt8(ascii: "\r")
        let line = pending.readSlice(length: length)!.getSlice(at: 0, length: crlf ? length - 1 : length)!
        pending.moveReaderIndex(forwardBy: 1)
        return .line(line)
    }

    /// At the end of the stream: a last line without a newline is still a request (nil when nothing is left, or
    /// when what is left is over the limit).
    public mutating func finish() -> ByteBuffer? {
        let length = pending.readableBytes
        guard length > 0, length <= maxLength else { return nil }
        scanned = 0
        return pending.readSlice(length: length)
    }
}
