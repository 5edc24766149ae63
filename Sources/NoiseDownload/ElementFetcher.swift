import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NoiseCore
import NoiseDaemon
import NoiseEventLoops

/// Asks the element source for GP data over HTTP(S) with AsyncHTTPClient: one client for the daemon's life, on
/// the daemon's own event loops, with connect and read timeouts, a deadline for the whole transfer (connection,
/// head and body: a server that drips a byte just inside each read timeout still ends) and a size cap. Several
/// transfers may run at once, each on its own connection. It only fetches; `ElementAnswer` judges what came.
///
/// `shutdown()` must be called once it is no longer used (AsyncHTTPClient requires it).
///
/// A module of its own, given to the daemon by `noised` (`DaemonConfiguration.elementSource`): AsyncHTTPClient
/// brings TLS (BoringSSL) and HTTP/2, which the actors and their unit tests do not need to be built with.
public struct ElementFetcher: ElementSource {
    /// Why a download gave no answer to judge, in words for the log.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let client: HTTPClient
    private let timeoutSeconds: Double
    private let deadlineSeconds: Double

    public init(timeoutSeconds: Double, deadlineSeconds: Double) {
        self.timeoutSeconds = timeoutSeconds
        self.deadlineSeconds = deadlineSeconds
        let timeout = TimeAmount.milliseconds(Int64(timeoutSeconds * 1000))
        var configuration = HTTPClient.Configuration(
            // A moved endpoint may redirect; a loop or a long chain is an error.
            redirectConfiguration: .follow(max: 3, allowCycles: false),
            timeout: HTTPClient.Configuration.Timeout(connect: timeout, read: timeout),
            decompression: .disabled)
        // The connection is not kept: the next download is an hour or a day away.
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(1))
        client = HTTPClient(
            eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
            configuration: configuration)
    }

    /// The answer's status and body. Throws `Failure` when none came whole within the deadline, or it is over
    /// `maxBytes`; `CancellationError` when the task is cancelled (the daemon stops).
    public func fetch(_ url: String, maxBytes: Int) async throws -> (status: Int, body: [UInt8]) {
        // AsyncHTTPClient's own deadline ends once the head has come; the body is raced against the deadline here,
        // and cancelling the transfer closes its connection.
        let seconds = deadlineSeconds
        return try await withThrowingTaskGroup(of: (status: Int, body: [UInt8])?.self) { group in
            group.addTask { try await transfer(url, maxBytes: maxBytes) }
            group.addTask {
                // On a NIO timer, not `Task.sleep`: libdispatch would start its once-a-second monitor for good, and an
                // idle daemon would wake every second from the first download on (EventLoopClock).
                try await EventLoopClock().sleep(for: .milliseconds(Int64(seconds * 1000)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let answer = first else {
                throw Failure(description: "the answer did not come whole within \(DurationParser.describe(seconds))")
            }
            return answer
        }
    }

    private func transfer(_ url: String, maxBytes: Int) async throws -> (status: Int, body: [UInt8]) {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: "noised/\(Limits.version) (NoiseClock)")
        request.headers.add(name: "Accept", value: "application/json")
        let deadline = NIODeadline.now() + .milliseconds(Int64(deadlineSeconds * 1000))
        do {
            // Without the daemon's logger: AsyncHTTPClient's debug lines would bury the downloader's in a debug log.
            let response = try await client.execute(request, deadline: deadline)
            let body = try await response.body.collect(upTo: maxBytes)
            return (Int(response.status.code), Array(body.readableBytesView))
        } catch let error as HTTPClientError {
            if Task.isCancelled { throw CancellationError() }
            throw Failure(description: describe(error))
        } catch let error as HTTPParserError {
            if Task.isCancelled { throw CancellationError() }
            throw Failure(
                description: error == .invalidEOFState
                    ? "the connection closed before the whole answer came"
                    : "the answer is not HTTP (\(error))")
        } catch is NIOTooManyBytesError {
            throw Failure(description: "the answer is larger than \(maxBytes >> 20) MiB")
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw Failure(description: "\(error)")
        }
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    private func describe(_ error: HTTPClientError) -> String {
        switch error {
        case .connectTimeout: "no connection within \(DurationParser.describe(timeoutSeconds))"
        case .readTimeout: "no answer within \(DurationParser.describe(timeoutSeconds))"
        case .deadlineExceeded: "the answer did not come whole within \(DurationParser.describe(deadlineSeconds))"
        case .remoteConnectionClosed: "the server closed the connection before the whole answer"
        default: "\(error)"
        }
    }
}
