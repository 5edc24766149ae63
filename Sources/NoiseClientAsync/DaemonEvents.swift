import NoiseClient
import NoiseProtocol

/// The daemon's events on one `DaemonClient`, each as it came (its name read, its line whole), in the order they came. It ends (nil)
/// when the client is closed or the task reading it is cancelled; it throws when the daemon goes away
/// (`ClientFailure.closed`), after the events that came before. One reader at a time.
public struct DaemonEvents: AsyncSequence, Sendable {
    public typealias Element = ReceivedEvent
    public typealias Failure = ClientFailure

    let stream: AsyncThrowingStream<ReceivedEvent, any Error>

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = ReceivedEvent
        public typealias Failure = ClientFailure

        var base: AsyncThrowingStream<ReceivedEvent, any Error>.AsyncIterator

        public mutating func next() async throws(ClientFailure) -> ReceivedEvent? {
            do { return try await base.next() } catch { throw Self.failure(error) }
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(ClientFailure) -> ReceivedEvent?
        {
            do { return try await base.next(isolation: actor) } catch { throw Self.failure(error) }
        }

        private static func failure(_ error: any Error) -> ClientFailure { error as? ClientFailure ?? .closed }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }
}
