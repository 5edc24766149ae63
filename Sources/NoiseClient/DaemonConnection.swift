import Glibc
import NoiseCore
import NoiseProtocol
import NoiseSystem

/// A blocking connection to the daemon's socket: one request at a time, events read on demand.
/// Plain POSIX calls: the client is short-lived and starts fast without an event loop. A long-lived client on an
/// event loop uses `DaemonClient` (NoiseClientAsync), which greets and reads lines the same way.
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
            throw .notRunning(path, reason)
        }
        do {
            try Handshake.checkServer(PeerCredentials.of(descriptor), path: path)
        } catch {
            close(descriptor)
            throw error
        }
        if let waitLimit {
            var limit = timeval(tv_sec: waitLimit, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    private var greeted = false

    /// The first request is sent before the greeting is read, so the two cross on the wire.
    private func awaitGreeting() throws(ClientFailure) {
        guard !greeted else { return }
        greeted = true
        _ = try Handshake.greeting(try readLine(), path: path)
    }

    deinit { close(descriptor) }

    /// The socket, for `poll` (the terminal clock waits on it beside its timer and keys).
    public var fileDescriptor: Int32 { descriptor }

    /// Whether a whole line was already read from the socket and waits here (`poll` cannot see it).
    public var hasBufferedLine: Bool { pending.contains(UInt8(ascii: "\n")) }

    /// Sends a command and returns its reply read as the command's reply type; events arriving meanwhile are skipped,
    /// their data unread. The daemon reads it with the schema's decoder and refuses, in that decoder's words and having
    /// changed nothing, what the decoder refuses; the client does not run the same check first, which would put a
    /// first use of the JSON decoder before every request (docs/performance.md, "Where the client's start goes").
    public func call<C: DaemonCommand>(_ command: C) throws(ClientFailure) -> C.Reply {
        try request(C.name, args: command, as: C.Reply.self)
    }

    /// `call`, with the reply's data as the daemon sent it (for `--json` and single fields).
    public func callData<C: DaemonCommand>(_ command: C) throws(ClientFailure) -> ReplyData {
        try request(C.name, args: command)
    }

    /// Sends a command (its `args` left out when nil) and returns its reply's data as a tree (for `--json` and
    /// single fields); events arriving meanwhile are skipped.
    func request(_ command: String, args: (some Encodable)? = Replies.Empty?.none) throws(ClientFailure) -> ReplyData {
        let (value, line) = try exchange(command, args: args, as: JSONValue.self)
        return ReplyData(value: value, line: line)
    }

    /// Sends a command and returns its reply's data as `type`, each line decoded once; events arriving meanwhile are
    /// skipped, their data unread.
    func request<T: Decodable>(
        _ command: String, args: (some Encodable)? = Replies.Empty?.none,
        as type: T.Type
    ) throws(ClientFailure) -> T {
        try exchange(command, args: args, as: type).data
    }

    private func exchange<T: Decodable>(
        _ command: String, args: (some Encodable)?,
        as type: T.Type
    ) throws(ClientFailure) -> (data: T, line: [UInt8]) {
        let id = nextID
        nextID += 1
        let request = try RequestLine.encode(id: id, command: command, args: args)
        let sent = Result { () throws(ClientFailure) in try send(request) }
        try awaitGreeting()
        try sent.get()
        while true {
            let line = try readLine()
            guard case .reply(let replyID, let result) = try ClientLine<T, SkippedEvent>.read(line) else { continue }
            switch result {
            case .failure(let error): throw .refused(error, to: command)
            case .success(let data) where replyID == .int(id): return (data, line)
            case .success: continue
            }
        }
    }

    /// The next event, read once into its type, and its line as it came (for `--json`); blocks until one arrives.
    /// Replies to no request of this connection's are passed over.
    public func nextEvent() throws(ClientFailure) -> (event: DaemonEvent, line: [UInt8]) {
        try awaitGreeting()
        while true {
            let line = try readLine()
            if case .event(let event) = try ClientLine<Skipped, DaemonEvent>.read(line) { return (event, line) }
        }
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
            guard count > 0 else { throw .closed }
        }
    }

    private func send(_ bytes: [UInt8]) throws(ClientFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw .unreachable("lost the connection to the daemon: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
