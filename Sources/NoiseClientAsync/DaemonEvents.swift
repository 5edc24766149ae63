import NoiseClient
import NoiseProtocol

/// The daemon's events on one `DaemonClient`, each read once into its type, in the order they came. It ends (nil)
/// when the client is closed or the task reading it is cancelled; it throws when the daemon goes away
/// (`ClientFailure.closed`), after the events that came before. One reader at a time.
public struct DaemonEvents: AsyncSequence, Sendable {
    public typealias Element = DaemonEvent
    public typealias Failure = ClientFailure

    let stream: AsyncThrowingStream<DaemonEvent, any Error>

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = DaemonEvent
        public typealias Failure = ClientFailure

        var base: AsyncThrowingStream<DaemonEvent, any Error>.AsyncIterator

        public mutating func next() async throws(ClientFailure) -> DaemonEvent? {
            do { return try await base.next() } catch { throw Self.failure(error) }
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(ClientFailure) -> DaemonEvent? {
            do { return try await base.next(isolation: actor) } catch { throw Self.failure(error) }
        }

        private static func failure(_ error: any Error) -> ClientFailure { error as? ClientFailure ?? .closed }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }
}
