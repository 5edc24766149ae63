import Glibc
import NIOCore
import NIOPosix
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem
import Synchronization

/// A connection to the daemon for long-lived clients on an event loop (noiseweb): SwiftNIO's `NIOAsyncChannel`, so
/// no call blocks a thread of Swift's pool. Several requests may be in flight at once, each answered by its own reply
/// (matched by id); after `subscribe()` the daemon's events arrive on `events`. It checks the server, reads the
/// greeting, encodes requests and reads lines as `DaemonConnection` does (`Handshake`, `RequestLine`, `ClientLine`),
/// and fails with the same `ClientFailure`s.
///
/// `close()` ends it: requests still waiting fail, `events` ends. The daemon going away fails the waiting
/// requests and the later ones with `ClientFailure.closed`, and `events` throws it.
public final class DaemonClient: Sendable {
    public let path: String
    /// The daemon's greeting: its name, version and protocol.
    public let hello: Hello
    /// The daemon's events, read once into their types; they come after `subscribe()`.
    public var events: DaemonEvents { conversation.events }
    /// Whether the connection is still open: false once the daemon went away or `close()` ran, when every request
    /// fails at once without being sent. A client that keeps a connection connects again then.
    public var isOpen: Bool { channel.isActive }

    private let conversation: Conversation
    private let channel: any Channel
    private let task: Task<Void, Never>

    private init(path: String, hello: Hello, conversation: Conversation, channel: any Channel, task: Task<Void, Never>)
    {
        self.path = path
        self.hello = hello
        self.conversation = conversation
        self.channel = channel
        self.task = task
    }

    deinit {
        conversation.end(waiters: .failed("the connection was closed"), events: nil)
        channel.close(promise: nil)
    }

    /// Connects to the daemon's socket at `path` (`DaemonSocket.path(option:)` finds the usual one), checks that
    /// the user or root serves it before sending anything, and reads its greeting: a refusal (another user's daemon,
    /// too many clients, stopping) fails here.
    public static func connect(
        path: String, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    )
        async throws(ClientFailure) -> DaemonClient
    {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: group).connect(unixDomainSocketPath: path) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        } catch {
            throw .notRunning(path, (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)")
        }
        let server: PeerCredentials?
        if let options = channel.channel as? any SocketOptionProvider {
            server = try? await options.unsafeGetSocketOption(level: .socket, name: .init(rawValue: SO_PEERCRED)).get()
        } else {
            server = nil
        }
        do {
            try Handshake.checkServer(server, path: path)
        } catch {
            try? await channel.channel.close()
            throw error
        }
        let conversation = Conversation(path: path)
        var task: Task<Void, Never>?
        let greeting = await conversation.awaitGreeting {
            task = Task { await conversation.run(channel) }
        }
        guard let task else { throw .closed }
        switch greeting {
        case .success(let hello):
            return DaemonClient(
                path: path, hello: hello, conversation: conversation, channel: channel.channel, task: task)
        case .failure(let failure):
            conversation.end(waiters: failure, events: nil)
            channel.channel.close(promise: nil)
            await task.value
            throw failure
        }
    }

    /// Sends a command and returns its reply read as the command's reply type. The daemon's decoder checks it, as
    /// `DaemonConnection.call` says.
    public func call<C: DaemonCommand>(_ command: C) async throws(ClientFailure) -> C.Reply {
        try await request(C.name, args: command, as: C.Reply.self)
    }

    /// A relay's request (noiseweb's pages): a command by its name with its `args` as they came, answered with the
    /// reply's data as a tree. The relay has checked the name against the registry and the sender's allowlist.
    public func relay(_ command: String, arguments: JSONValue?) async throws(ClientFailure) -> JSONValue {
        try await request(command, args: arguments, as: JSONValue.self)
    }

    /// Sends a command (its `args` left out when nil) and returns its reply's data read once as `type`. The daemon's
    /// refusal fails with its code (`ClientFailure.refused`); cancelling the calling task fails it at once, and its
    /// reply is dropped when it comes.
    private func request<T: Decodable & Sendable>(
        _ command: String, args: (some Encodable & Sendable)? = Replies.Empty?.none,
        as type: T.Type
    ) async throws(ClientFailure) -> T {
        let conversation = self.conversation
        let sent = Mutex<Int64?>(nil)
        let result: Result<T, ClientFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, ClientFailure>, Never>) in
                guard !Task.isCancelled else {
                    return continuation.resume(returning: .failure(.failed("the request was cancelled")))
                }
                do throws(ClientFailure) {
                    let id = try conversation.send(
                        { id throws(ClientFailure) in
                            try RequestLine.encode(id: id, command: command, args: args)
                        }, waiter: { _ in Self.waiter(for: continuation) })
                    sent.withLock { $0 = id }
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        } onCancel: {
            if let id = sent.withLock({ $0 }) { conversation.abandon(id) }
        }
        return try result.get()
    }

    /// `subscribe`: the status now, and from then on the daemon's events on `events`.
    public func subscribe() async throws(ClientFailure) -> StatusInfo {
        try await call(Commands.Subscribe())
    }

    /// Closes the connection: waiting requests fail, `events` ends, and this returns once the connection is closed.
    public func close() async {
        conversation.end(waiters: .failed("the connection was closed"), events: nil)
        channel.close(promise: nil)
        await task.value
    }

    /// Reads a line as the reply to a request awaiting a `T`, or as an event.
    private static func waiter<T: Decodable & Sendable>(
        for continuation: CheckedContinuation<Result<T, ClientFailure>, Never>
    ) -> Conversation.Waiter {
        Conversation.Waiter(
            read: { line in
                do throws(ClientFailure) {
                    switch try ClientLine<T, SkippedEvent>.read(line) {
                    case .event(let event):
                        return .event(ReceivedEvent(name: event.name, line: line))
                    case .reply(let id, let outcome):
                        return .reply(
                            id,
                            deliver: { continuation.resume(returning: outcome.mapError { ClientFailure.refused($0) }) })
                    }
                } catch {
                    return .unreadable(error, deliver: { continuation.resume(returning: .failure(error)) })
                }
            }, fail: { continuation.resume(returning: .failure($0)) })
    }
}
