import NIOCore
import NoiseCore

/// A line longer than the limit: the connection gets a `line_too_long` error and is closed.
struct LineTooLongError: Error {}

/// Splits the byte stream into lines (without the `\n`, and without a `\r` before it), refusing any line
/// longer than `maxLength` as soon as that many bytes arrive without a newline, so memory stays bounded.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    let maxLength: Int
    private var scanned = 0

    init(maxLength: Int = Limits.maxLineBytes) {
        self.maxLength = maxLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view.dropFirst(scanned).firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            if scanned > maxLength { throw LineTooLongError() }
            return .needMoreData
        }
        let length = newline - view.startIndex
        scanned = 0
        if length > maxLength { throw LineTooLongError() }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line = line.getSlice(at: line.readerIndex, length: length - 1)! }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A last line without a newline is still a request.
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(buffer.readSlice(length: buffer.readableBytes)!))
        }
        return .needMoreData
    }
}
