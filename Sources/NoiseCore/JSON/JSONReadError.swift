/// Why `JSONReader` refused a document: the byte offset where reading stopped and a short reason.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Offset from the start of the input, in bytes.
    public var offset: Int
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "\(reason) at byte \(offset)" }
}
