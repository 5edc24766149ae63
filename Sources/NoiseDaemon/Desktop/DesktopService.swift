import Logging
import NoiseControl
import NoiseDBus
import ServiceLifecycle

/// Runs the desktop link: starts the bus thread, refreshes the desktop after every event the daemon publishes,
/// and carries out what the bus asks, until shutdown, when it releases the inhibitors and leaves the bus.
struct DesktopService<C: Clock>: Service where C.Duration == Duration {
    let link: DesktopLink<C>
    let hub: EventHub
    let busEvents: AsyncStream<DesktopBusEvent>

    func run() async throws {
        link.bus.start()
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Subscribed again if ever dropped for falling behind; each subscription starts with a refresh.
                    while !Task.isCancelled {
                        let (id, lines) = hub.subscribe {}
                        await link.refresh()
                        for await _ in lines { await link.refresh() }
                        hub.unsubscribe(id)
                    }
                }
                group.addTask {
                    for await event in busEvents { await link.handle(event) }
                }
                await group.next()
                group.cancelAll()
            }
        }
        await link.bus.stop()
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension DesktopService: CustomStringConvertible {
    var description: String { "DesktopService" }
}
