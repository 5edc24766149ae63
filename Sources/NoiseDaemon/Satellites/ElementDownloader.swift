import Logging
import NoiseConfig
import NoiseCore
import NoiseProtocol
import NoiseSystem
import Orbits
import ServiceLifecycle

/// Keeps the satellites' elements fresh (docs/satellites.md, "Keeping the elements fresh"): at start and then at
/// most hourly, it downloads CelesTrak's GP data (OMM JSON) for every satellite in use (its elements kept, or a
/// pass alarm ringing for it) whose last download is a day old: one by one when a handful are due, else from one
/// group download a day and what the group lacked in one batched request. With none in use it asks nothing of the
/// network. It stores only newer sets that pass `OrbitalElements.checkUsable`, all of one answer in one write. A failed download leaves the kept elements
/// alone and is retried with backoff; it is logged as a warning when its reason is new, at debug level while it
/// repeats. Each try is logged as it starts (at debug level while its failure repeats), and `status` says what it
/// waits for, when it last asked and when it looks next.
///
/// One task, one timer: between checks it sleeps on the injected `clock` (an `EventLoopClock` in the daemon, so
/// an idle daemon is not woken by anything else). Transfers run as child tasks, so one slow transfer holds up no
/// other, and a pass alarm added meanwhile gets its download at once. File work runs on `FileWork`. The state it
/// carries from one check to the next lives in the `run()` task's own variables; nothing else touches it.
struct ElementDownloader<C: Clock>: Service where C.Duration == Duration {
    let cache: ElementCache
    let live: LiveConfiguration
    let clock: C
    let logger: Logger
    /// Where `status` reads the elements' ages and the last failure from.
    var board: StatusBoard?
    var schedule = ElementDownloadSchedule()
    /// The wall clock's time in Unix seconds (download times are kept across restarts, so not the monotonic clock).
    var wallNow: @Sendable () -> Double = { WallTime.seconds() }
    /// Makes the source from `[satellites]` (its timeout and deadline) when the service starts.
    var makeSource: ElementSourceMaker
    /// The satellites pass alarms ring for (the scheduler's); with the kept ones, what is downloaded.
    var alarmSatellites: @Sendable () async -> Set<Int> = { [] }
    /// Ends a sleep when a pass alarm is added, so its satellite's first download does not wait.
    var wakeup = DownloadWakeup()

    /// What ends a wait in the loop: the timer (its time came, or a wake), or a transfer done.
    enum Event: Sendable {
        case timer
        case done(ElementTransfer, url: String, Result<(status: Int, body: [UInt8]), ElementRefusal>)
    }

    func run() async throws {
        let fetcher = makeSource(await live.settings.satellites)
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Event.self) { group in
                var state = ElementDownloadState(backoff: DownloadBackoff(first: SatelliteSettings().retrySeconds))
                var timing = false
                while !Task.isCancelled {
                    if !timing {
                        let seconds = await check(state: &state) { transfer, url in
                            group.addTask {
                                do {
                                    return .done(
                                        transfer, url: url,
                                        .success(try await fetcher.fetch(url, maxBytes: transfer.maxBytes)))
                                } catch is CancellationError {
                                    return .done(transfer, url: url, .failure(ElementRefusal("cancelled")))
                                } catch {
                                    return .done(transfer, url: url, .failure(ElementRefusal("\(error)")))
                                }
                            }
                        }
                        let (clock, wakeup, busy) = (self.clock, self.wakeup, !state.inFlight.isEmpty)
                        group.addTask {
                            // While transfers run, only their end (or a wake) starts the next check: no timer.
                            await wakeup.sleep {
                                if busy { return await DownloadWakeup.untilCancelled() }
                                try? await clock.sleep(for: .milliseconds(Int64(seconds * 1000)), tolerance: nil)
                            }
                            return .timer
                        }
                        timing = true
                    }
                    guard let event = await group.next() else { break }
                    if Task.isCancelled { break }
                    switch event {
                    case .timer:
                        timing = false
                    case .done(let transfer, let url, let result):
                        await finish(transfer, url: url, result, state: &state)
                        // Sleep again from what is known now: a retry's delay, or the next satellite's due time.
                        wakeup.wake()
                    }
                }
                group.cancelAll()
            }
        }
        await fetcher.shutdown()
    }

    /// Starts the transfers now due (through `start`, with their URLs); returns the seconds to sleep before the
    /// next check.
    private func check(state: inout ElementDownloadState, start: (ElementTransfer, String) -> Void) async -> Double {
        let settings = await live.settings.satellites
        let (cache, times) = (self.cache, DownloadTimes(beside: self.cache))
        let (keptSets, readTimes) = await FileWork.run {
            (((try? cache.read()) ?? nil) ?? [OrbitalElements](), times.read())
        }
        state.kept = Dictionary(keptSets.map { ($0.catalogNumber, $0) }, uniquingKeysWith: { $1 })
        state.downloaded = readTimes.times
        state.download = settings.download
        guard settings.download else {
            state.lastError = nil
            state.nextCheck = nil
            publish(state)
            if !state.wasOff { logger.info("satellites: element downloads are off (satellites.download = false)") }
            state.wasOff = true
            return schedule.checkSeconds
        }
        state.wasOff = false
        if state.backoff.first != settings.retrySeconds {
            state.backoff = DownloadBackoff(first: settings.retrySeconds)
        }
        if let problem = readTimes.problem { logger.warning("satellites: \(problem)") }
        // What is kept shows in `status` at once, not only after a download that may take until its deadline.
        publish(state)
        let wanted = Set(state.kept.keys).union(await alarmSatellites())
        let now = wallNow()
        state.wanted = wanted
        state.notBefore = state.notBefore.filter { wanted.contains($0.key) }
        let due = schedule.due(wanted: wanted, downloaded: state.downloaded, notBefore: state.notBefore, now: now)
            .filter { !state.inFlight.contains($0) }
        for transfer in schedule.transfers(due: due, groupAnswered: state.groupAnswered, now: now) {
            state.inFlight.formUnion(transfer.numbers)
            state.lastTry = now
            // Each try is said once: at debug level while the same failure repeats (its retries are said there).
            logger.log(
                level: state.failures[transfer.key] == nil ? .info : .debug,
                "satellites: asking \(settings.source) for \(transfer.subject)")
            start(transfer, transfer.url(source: settings.source))
        }
        let waiting = wanted.subtracting(state.inFlight)
        let next = schedule.secondsToNextCheck(
            wanted: waiting, downloaded: state.downloaded, notBefore: state.notBefore,
            now: now)
        state.nextCheck = now + next
        if state.inFlight.isEmpty {
            logger.debug("satellites: \(due.count) downloaded, next check in \(DurationParser.describe(next))")
        }
        publish(state)
        return next
    }

    /// Puts what is kept, what is awaited and the last failure on the status board.
    func publish(_ state: ElementDownloadState) {
        board?.publish(state.status)
    }
}

// Its name for ServiceLifecycle's logs, which is otherwise a reflection over every stored property (docs/performance.md).
extension ElementDownloader: CustomStringConvertible {
    var description: String { "ElementDownloader" }
}
