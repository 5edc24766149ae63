import Glibc
import NoiseCore
import NoiseSystem
import NoiseProtocol

/// A request line: the command, its arguments (left out when it has none) and the id its reply carries.
private struct RequestLine<Args: Encodable>: Encodable {
    var id: Int64
    var cmd: String
    var args: Args?
}

/// A blocking connection to the daemon's socket: one request at a time, events read on demand.
/// Plain POSIX calls: the client is short-lived and starts fast without an event loop.
public final class DaemonConnection {
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var nextID: Int64 = 1
    public let path: String

    /// `waitLimit`: seconds a read may wait before it fails as if the daemon had gone (nil waits as long as it
    /// takes), so a daemon that hangs cannot freeze a client that has other things to do (the terminal clock).
    public init(path: String, waitLimit: Int? = nil) throws(ClientFailure) {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .unreachable("cannot create a socket: \(String(cString: strerror(errno)))") }
        let connected = UnixSocketAddress.with(Array(path.utf8)) { connect(descriptor, $0, $1) == 0 }
        guard connected == true else {
            let reason = connected == false ? String(cString: strerror(errno)) : "path too long"
            close(descriptor)
            throw .unreachable("""
                noised is not running (cannot connect to \(path): \(reason)).
                Start it with 'systemctl --user start noised', or run 'noised &'.
                """)
        }
        // Before a byte is sent: whoever can write to the socket's folder could have put a server of their own there.
        let server = PeerCredentials.of(descriptor)
        guard let server, server.isTrusted(by: getuid()) else {
            close(descriptor)
            throw .unreachable("""
                refusing to talk to \(path): the server there runs as uid \(server.map { String($0.uid) } ?? "unknown"), \
                not you (uid \(getuid())) or root, so it is not your noised; nothing was sent. \
                Find out who made the socket's folder, remove it, and start noised again.
                """)
        }
        if let waitLimit {
            var limit = timeval(tv_sec: waitLimit, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    private var greeted = false

    /// The daemon greets first; a refusal (wrong user, too many clients) arrives instead of the hello. The first
    /// request is sent before the greeting is read, so the two cross on the wire.
    private func awaitGreeting() throws(ClientFailure) {
        guard !greeted else { return }
        greeted = true
        let hello = try nextIncoming()
        if let error = hello.error { throw .refused(error) }
        guard hello.event == EventName.hello else { throw .unreachable("\(path) does not speak the noised protocol") }
    }

    deinit { close(descriptor) }

    /// The socket, for `poll` (the terminal clock waits on it beside its timer and keys).
    public var fileDescriptor: Int32 { descriptor }

    /// Whether a whole line was already read from the socket and waits here (`poll` cannot see it).
    public var hasBufferedLine: Bool { pending.contains(UInt8(ascii: "\n")) }

    /// Sends a command (its `args` left out when nil) and returns its reply's data as a tree (for `--json` and
    /// single fields); events arriving meanwhile are skipped.
    public func request(_ command: String, args: (some Encodable)? = Replies.Empty?.none) throws(ClientFailure) -> ReplyData {
        let (value, line) = try exchange(command, args: args, as: JSONValue.self)
        return ReplyData(value: value, line: line)
    }

    /// Sends a command and returns its reply's data as `type`, each line decoded once; events arriving meanwhile are
    /// skipped, their data unread.
    public func request<T: Decodable>(_ command: String, args: (some Encodable)? = Replies.Empty?.none,
                                      as type: T.Type) throws(ClientFailure) -> T {
        try exchange(command, args: args, as: type).data
    }

    private func exchange<T: Decodable>(_ command: String, args: (some Encodable)?,
                                        as type: T.Type) throws(ClientFailure) -> (data: T, line: [UInt8]) {
        let id = nextID
        nextID += 1
        let line: [UInt8]
        do {
            line = try JSONCoding.line(RequestLine(id: id, cmd: command, args: args)) + [UInt8(ascii: "\n")]
        } catch {
            throw ClientFailure(message: "cannot encode the request: \(error)", code: nil, exitCode: 1)
        }
        let sent = Result { () throws(ClientFailure) in try send(line) }
        try awaitGreeting()
        try sent.get()
        while true {
            let line = try readLine()
            let reply: ReplyLine<T>
            do {
                reply = try JSONCoding.decode(ReplyLine<T>.self, from: line)
            } catch {
                // Not the shape of any line: the daemon is not speaking the protocol. A reply of the wrong shape.
                guard (try? JSONCoding.decode(IncomingLine.self, from: line)) != nil else { throw Self.notProtocol(line) }
                throw Self.unexpected(error)
            }
            guard reply.event == nil else { continue }
            if let error = reply.error { throw .refused(error) }
            guard reply.id == .int(id), let data = reply.data else { continue }
            return (data, line)
        }
    }

    public func decode<T: Decodable>(_ reply: ReplyData, as type: T.Type) throws(ClientFailure) -> T {
        do {
            return try JSONCoding.decode(TypedData<T>.self, from: reply.line).data
        } catch {
            throw Self.unexpected(error)
        }
    }

    /// The next line from the daemon, decoded; blocks until one arrives.
    public func nextLine() throws(ClientFailure) -> IncomingLine {
        try awaitGreeting()
        return try nextIncoming()
    }

    private func nextIncoming() throws(ClientFailure) -> IncomingLine {
        let line = try readLine()
        do {
            var incoming = try JSONCoding.decode(IncomingLine.self, from: line)
            incoming.bytes = line
            return incoming
        } catch {
            throw Self.notProtocol(line)
        }
    }

    private static func notProtocol(_ line: [UInt8]) -> ClientFailure {
        .unreachable("the daemon sent a line that is not protocol JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
    }

    private static func unexpected(_ error: any Error) -> ClientFailure {
        ClientFailure(message: "unexpected reply from the daemon: \(JSONCoding.reason(error))", code: nil, exitCode: 1)
    }

    /// The next raw line, without its newline.
    public func readLine() throws(ClientFailure) -> [UInt8] {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            // Read into uninitialised stack memory: zeroing a fresh 64 KiB array costs a cold process 16 page faults.
            let count = withUnsafeTemporaryAllocation(byteCount: 65_536, alignment: 1) { chunk in
                let count = read(descriptor, chunk.baseAddress, chunk.count)
                if count > 0 { pending += UnsafeRawBufferPointer(rebasing: chunk[..<count]) }
                return count
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .unreachable("the daemon closed the connection") }
        }
    }

    private func send(_ bytes: [UInt8]) throws(ClientFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .unreachable("lost the connection to the daemon: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }
}
