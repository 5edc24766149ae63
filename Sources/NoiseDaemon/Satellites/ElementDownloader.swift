import Logging
import NoiseConfig
import NoiseCore
import NoiseProtocol
import NoiseSystem
import Orbits
import ServiceLifecycle

/// Keeps the satellites' elements fresh (docs/satellites.md, "Keeping the elements fresh"): at start and then at
/// most hourly, it downloads CelesTrak's GP data (OMM JSON) for every satellite in use (its elements kept, or a
/// pass alarm ringing for it) whose last download is a day old; with none in use it asks nothing of the network, and stores only newer sets for the satellite asked for. A failed download leaves the
/// kept elements alone and is retried with backoff; it is logged as a warning when its reason is new, at debug
/// level while it repeats.
///
/// One task, one timer: between checks it sleeps on the injected `clock` (an `EventLoopClock` in the daemon, so
/// an idle daemon is not woken by anything else). File work runs on `FileWork`. The state it carries from one
/// check to the next lives in the `run()` task's own variables; nothing else touches it.
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
    /// Makes the source from `satellites.timeout` (seconds) when the service starts.
    var makeSource: @Sendable (Double) -> any ElementSource = { ElementFetcher(timeoutSeconds: $0) }
    /// The satellites pass alarms ring for (the scheduler's); with the kept ones, what is downloaded.
    var alarmSatellites: @Sendable () async -> Set<Int> = { [] }
    /// Ends a sleep when a pass alarm is added, so its satellite's first download does not wait.
    var wakeup = DownloadWakeup()

    func run() async throws {
        let fetcher = makeSource(await live.settings.satellites.timeoutSeconds)
        await cancelWhenGracefulShutdown {
            var state = State(backoff: DownloadBackoff(first: SatelliteSettings().retrySeconds))
            while !Task.isCancelled {
                let seconds = await check(fetcher, state: &state)
                let clock = self.clock
                await wakeup.sleep { try? await clock.sleep(for: .milliseconds(Int64(seconds * 1000)), tolerance: nil) }
            }
        }
        await fetcher.shutdown()
    }

    /// What one check hands the next.
    struct State {
        var backoff: DownloadBackoff
        /// The last failure's reason per satellite, so a repeated one is not logged as a warning again.
        var failures: [Int: String] = [:]
        var wasOff = false
        /// The last check's failure, shown in `status` until a check succeeds.
        var lastError: String?
    }

    /// Downloads what is due; returns the seconds to sleep before the next check.
    private func check(_ fetcher: any ElementSource, state: inout State) async -> Double {
        let settings = await live.settings.satellites
        let (cache, times) = (self.cache, DownloadTimes(beside: self.cache))
        let (keptSets, readTimes) = await FileWork.run {
            (((try? cache.read()) ?? nil) ?? [OrbitalElements](), times.read())
        }
        var kept = Dictionary(keptSets.map { ($0.catalogNumber, $0) }, uniquingKeysWith: { $1 })
        var downloaded = readTimes.times
        guard settings.download else {
            state.lastError = nil
            publish(kept: kept, downloaded: downloaded, download: false, lastError: nil)
            if !state.wasOff { logger.info("satellites: element downloads are off (satellites.download = false)") }
            state.wasOff = true
            return schedule.checkSeconds
        }
        state.wasOff = false
        if state.backoff.first != settings.retrySeconds {
            state.backoff = DownloadBackoff(first: settings.retrySeconds)
        }
        if let problem = readTimes.problem { logger.warning("satellites: \(problem)") }
        // What is kept shows in `status` at once, not only after a download that may take until its timeout.
        publish(kept: kept, downloaded: downloaded, download: true, lastError: state.lastError)
        let wanted = Set(kept.keys).union(await alarmSatellites())
        let due = schedule.due(wanted: wanted, downloaded: downloaded, now: wallNow())
        var lastError: String?
        var newFailure = false
        for number in due {
            let url = ElementFetcher.url(source: settings.source, catalogNumber: number)
            let outcome: ElementAnswer
            do {
                let (status, body) = try await fetcher.fetch(url)
                outcome = await keep(status: status, body: body, number: number)
            } catch is CancellationError {
                return 0
            } catch {
                outcome = .refuse("\(error)")
            }
            if Task.isCancelled { return 0 }
            switch outcome {
            case .accept(let set):
                kept[number] = set
                downloaded[number] = wallNow()
                let again = recovered(number, &state)
                let name = set.name ?? "satellite"
                logger.info("satellites: new elements for \(name) (\(number)), epoch \(ElementAnswer.utc(set))\(again)")
            case .current:
                downloaded[number] = wallNow()
                let again = recovered(number, &state)
                logger.info("satellites: the elements of \(number) are current\(again)")
            case .refuse(let reason):
                lastError = "\(number): \(reason)"
                let text = "satellites: no new elements for \(number) from \(url): \(reason); the kept elements stay"
                if state.failures[number] == reason {
                    logger.debug("\(text)")
                } else {
                    logger.warning("\(text)")
                    newFailure = true
                }
                state.failures[number] = reason
            }
        }
        if downloaded != readTimes.times {
            let toWrite = downloaded
            do { try await FileWork.run { try times.write(toWrite) } } catch {
                logger.warning("satellites: cannot keep the download times: \(error)")
            }
        }
        publish(kept: kept, downloaded: downloaded, download: true, lastError: lastError)
        state.lastError = lastError
        guard lastError == nil else {
            let delay = state.backoff.failed()
            let after = DurationParser.describe(delay)
            logger.log(level: newFailure ? .info : .debug, "satellites: trying again in \(after)")
            return delay
        }
        state.backoff.succeeded()
        let next = schedule.secondsToNextCheck(wanted: wanted, downloaded: downloaded, now: wallNow())
        logger.debug("satellites: \(due.count) downloaded, next check in \(DurationParser.describe(next))")
        return next
    }

    /// Puts what is kept, and the last failure, on the status board.
    private func publish(kept: [Int: OrbitalElements], downloaded: [Int: Double], download: Bool, lastError: String?) {
        let satellites = kept.values.sorted { $0.catalogNumber < $1.catalogNumber }.map {
            ElementsStatus.Satellite(catalogNumber: $0.catalogNumber, name: $0.name, epochUnix: $0.epochUnix,
                                     downloadedUnix: downloaded[$0.catalogNumber])
        }
        board?.publish(ElementsStatus(download: download, satellites: satellites, lastError: lastError))
    }

    /// Judges the answer against the kept set and stores it if it is newer, holding the cache folder's lock, so
    /// an `iss elements import` at the same moment is neither lost nor overwritten by an older set.
    private func keep(status: Int, body: [UInt8], number: Int) async -> ElementAnswer {
        let cache = self.cache
        do {
            return try await FileWork.run { () throws -> ElementAnswer in
                try LocalFile.whileFolderLocked(holding: cache.path) {
                    let kept = ((try? cache.read()) ?? nil)?.first { $0.catalogNumber == number }
                    let answer = ElementAnswer.judge(status: status, body: body, requested: number, kept: kept)
                    if case .accept(let set) = answer { _ = try cache.store([set]) }
                    return answer
                }
            }
        } catch {
            return .refuse("cannot store the elements: \(error)")
        }
    }

    /// " (downloads work again)" when the satellite's downloads had been failing; it forgets the failure.
    private func recovered(_ number: Int, _ state: inout State) -> String {
        guard state.failures.removeValue(forKey: number) != nil else { return "" }
        return " (downloads work again)"
    }
}
