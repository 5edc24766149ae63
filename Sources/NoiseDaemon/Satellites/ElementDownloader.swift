import Logging
import NoiseConfig
import NoiseCore
import NoiseSystem
import Orbits
import ServiceLifecycle

/// Keeps the satellites' elements fresh (docs/satellites.md, "Keeping the elements fresh"): at start and then at
/// most hourly, it downloads CelesTrak's GP data (OMM JSON) for the ISS and every kept satellite whose last
/// download is a day old, and stores only newer sets for the satellite asked for. A failed download leaves the
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
    var schedule = ElementDownloadSchedule()
    /// The wall clock's time in Unix seconds (download times are kept across restarts, so not the monotonic clock).
    var wallNow: @Sendable () -> Double = { WallTime.seconds() }

    func run() async throws {
        let fetcher = ElementFetcher(timeoutSeconds: await live.settings.satellites.timeoutSeconds)
        await cancelWhenGracefulShutdown {
            var state = State(backoff: DownloadBackoff(first: SatelliteSettings().retrySeconds))
            while !Task.isCancelled {
                let seconds = await check(fetcher, state: &state)
                try? await clock.sleep(for: .milliseconds(Int64(seconds * 1000)), tolerance: nil)
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
    }

    /// Downloads what is due; returns the seconds to sleep before the next check.
    private func check(_ fetcher: ElementFetcher, state: inout State) async -> Double {
        let settings = await live.settings.satellites
        guard settings.download else {
            if !state.wasOff { logger.info("satellites: element downloads are off (satellites.download = false)") }
            state.wasOff = true
            return schedule.checkSeconds
        }
        state.wasOff = false
        if state.backoff.first != settings.retrySeconds { state.backoff = DownloadBackoff(first: settings.retrySeconds) }
        let (cache, times) = (self.cache, DownloadTimes(beside: self.cache))
        let (keptNumbers, readTimes) = await FileWork.run { () -> ([Int], (times: [Int: Double], problem: String?)) in
            ((try? cache.read())??.map(\.catalogNumber) ?? [], times.read())
        }
        if let problem = readTimes.problem { logger.warning("satellites: \(problem)") }
        var downloaded = readTimes.times
        let due = schedule.due(kept: keptNumbers, downloaded: downloaded, now: wallNow())
        var failed = false
        for number in due {
            let url = ElementFetcher.url(source: settings.source, catalogNumber: number)
            let outcome: ElementAnswer
            do {
                let (status, body) = try await fetcher.fetch(url, logger: logger)
                outcome = await keep(status: status, body: body, number: number)
            } catch is CancellationError {
                return 0
            } catch {
                outcome = .refuse("\(error)")
            }
            if Task.isCancelled { return 0 }
            switch outcome {
            case .accept(let set):
                downloaded[number] = wallNow()
                let again = recovered(number, &state)
                logger.info("satellites: new elements for \(set.name ?? "satellite") (\(number)), epoch \(ElementAnswer.utc(set))\(again)")
            case .current:
                downloaded[number] = wallNow()
                let again = recovered(number, &state)
                logger.info("satellites: the elements of \(number) are current\(again)")
            case .refuse(let reason):
                failed = true
                let text = "satellites: no new elements for \(number) from \(url): \(reason); the kept elements stay"
                if state.failures[number] == reason { logger.debug("\(text)") } else { logger.warning("\(text)") }
                state.failures[number] = reason
            }
        }
        if downloaded != readTimes.times {
            let toWrite = downloaded
            do { try await FileWork.run { try times.write(toWrite) } } catch {
                logger.warning("satellites: cannot keep the download times: \(error)")
            }
        }
        guard !failed else {
            let delay = state.backoff.failed()
            logger.info("satellites: trying again in \(DurationParser.describe(delay))")
            return delay
        }
        state.backoff.succeeded()
        return schedule.secondsToNextCheck(kept: keptNumbers + due, downloaded: downloaded, now: wallNow())
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
