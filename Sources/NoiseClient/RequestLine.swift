import NoiseCore

/// A request line: the command, its arguments (left out when it has none) and the id its reply carries.
public struct RequestLine<Args: Encodable>: Encodable {
    var id: Int64
    var cmd: String
    var args: Args?

    /// The line to send, its newline included.
    public static func encode(id: Int64, command: String, args: Args?) throws(ClientFailure) -> [UInt8] {
        do {
            return try JSONCoding.line(RequestLine(id: id, cmd: command, args: args)) + [UInt8(ascii: "\n")]
        } catch {
            throw .failed("cannot encode the request: \(error)")
        }
    }
}
