import NIOCore
import NIOEmbedded
import Testing

@testable import NoiseControl
@testable import NoiseDaemon

/// Who gives way at each limit: the owner's one connection never loses its place to a loop holding many.
@Suite("connection registry")
struct ConnectionRegistryTests {
    private let registry = ConnectionRegistry(maxConnections: 4, maxSubscribers: 2, maxQueuedBytes: 100)

    private func admit(pid: Int32) throws -> (id: UInt64, channel: EmbeddedChannel) {
        let channel = EmbeddedChannel()
        guard case .admitted(let id, let evicted) = registry.admit(channel, pid: pid), evicted == nil else {
            Issue.record("not admitted plainly")
            throw ChannelError.alreadyClosed
        }
        return (id, channel)
    }

    private func evicted(byAdmitting pid: Int32) -> (any Channel)? {
        guard case .admitted(_, let evicted) = registry.admit(EmbeddedChannel(), pid: pid) else { return nil }
        return evicted
    }

    @Test func aNewConnectionOverTheLimitTakesThePlaceOfTheLoopsOldestIdleOne() throws {
        let owner = try admit(pid: 10)
        let loop = try (0..<3).map { _ in try admit(pid: 20) }
        registry.requestStarted(owner.id)
        registry.requestEnded(owner.id)
        // The owner's connection is the oldest idle one now, but the loop holds three.
        #expect(evicted(byAdmitting: 30) === loop[0].channel)
        #expect(registry.count == 4)
    }

    @Test func amongEqualProcessesTheOneIdleLongestGivesWay() throws {
        let first = try admit(pid: 1)
        let second = try admit(pid: 2)
        _ = try admit(pid: 3)
        _ = try admit(pid: 4)
        registry.requestStarted(first.id)
        registry.requestEnded(first.id)
        #expect(evicted(byAdmitting: 5) === second.channel)
    }

    @Test func aConnectionBusyWithARequestOrAReplyIsNeverEvicted() throws {
        let connections = try (1...4).map { try admit(pid: $0) }
        for connection in connections.dropLast() { registry.requestStarted(connection.id) }
        _ = registry.queued(10, by: connections[3].id)
        guard case .full = registry.admit(EmbeddedChannel(), pid: 9) else {
            Issue.record("admitted although every connection is busy")
            return
        }
        registry.requestEnded(connections[1].id)
        #expect(evicted(byAdmitting: 9) === connections[1].channel)
    }

    @Test func aSubscriberIsIdleEvenWithEventsWaiting() throws {
        let connections = try (1...4).map { try admit(pid: $0) }
        for connection in connections { _ = registry.queued(10, by: connection.id) }
        _ = registry.subscribe(connections[2].id)
        #expect(evicted(byAdmitting: 9) === connections[2].channel)
    }

    @Test func aSubscriptionOverItsLimitTakesThePlaceOfAnotherSubscriber() throws {
        let connections = try (1...3).map { try admit(pid: $0) }
        #expect(registry.subscribe(connections[0].id) == nil)
        #expect(registry.subscribe(connections[1].id) == nil)
        #expect(registry.subscribe(connections[2].id) === connections[0].channel)
        #expect(registry.subscribers == 2)
        #expect(registry.count == 2)
    }

    @Test func overTheByteBudgetTheConnectionHoldingMostIsClosed() throws {
        let small = try admit(pid: 1)
        let large = try admit(pid: 2)
        #expect(registry.queued(30, by: small.id) == nil)
        #expect(registry.queued(60, by: large.id) == nil)
        #expect(registry.queued(20, by: small.id) === large.channel)
        #expect(registry.queuedBytes == 50)
        // What the closed one's writes give back no longer counts.
        #expect(registry.queued(-60, by: large.id) == nil)
        #expect(registry.queuedBytes == 50)
    }

    @Test func leavingGivesBackThePlaceAndTheBytes() throws {
        let connection = try admit(pid: 1)
        _ = registry.queued(40, by: connection.id)
        registry.leave(connection.id)
        #expect(registry.count == 0)
        #expect(registry.queuedBytes == 0)
    }
}

extension ConnectionRegistryTests {
    @Test func anEvictedSubscribersWaitingEventsNoLongerCount() throws {
        let connections = try (1...4).map { try admit(pid: $0) }
        _ = registry.subscribe(connections[0].id)
        _ = registry.queued(30, by: connections[0].id)
        #expect(evicted(byAdmitting: 9) === connections[0].channel)
        #expect(registry.queuedBytes == 0)
    }
}
