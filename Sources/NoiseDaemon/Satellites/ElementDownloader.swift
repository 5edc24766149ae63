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
/// group download a day. With none in use it asks nothing of the network. It stores only newer sets that pass
/// `OrbitalElements.checkUsable`, all of one answer in one write. A failed download leaves the kept elements
/// alone and is retried with backoff; it is logged as a warning when its reason is new, at debug level while it
/// repeats.
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
                var state = State(backoff: DownloadBackoff(first: SatelliteSettings().retrySeconds))
                var timing = false
                while !Task.isCancelled {
                    if !timing {
                        let seconds = await check(state: &state) { transfer, url in
                            group.addTask {
                                do {
                                    return .done(transfer, url: url, .success(try await fetcher.fetch(url, maxBytes: transfer.maxBytes)))
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

    /// What one check hands the next.
    struct State {
        var backoff: DownloadBackoff
        /// The last failure's reason per transfer or satellite, so a repeated one is not logged as a warning again.
        var failures: [String: String] = [:]
        var wasOff = false
        /// The last failure, shown in `status` until no satellite waits for a retry.
        var lastError: String?
        /// The satellites being downloaded.
        var inFlight: Set<Int> = []
        /// When a satellite whose download failed may be asked for again (wall clock).
        var notBefore: [Int: Double] = [:]
        /// When the group was last asked for (wall clock), so it is asked for at most once per refresh.
        var groupAsked: Double?
        /// The kept sets and download times as last read or written.
        var kept: [Int: OrbitalElements] = [:]
        var downloaded: [Int: Double] = [:]
        var download = true
    }

    /// Starts the transfers now due (through `start`, with their URLs); returns the seconds to sleep before the
    /// next check.
    private func check(state: inout State, start: (ElementTransfer, String) -> Void) async -> Double {
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
        state.notBefore = state.notBefore.filter { wanted.contains($0.key) }
        let due = schedule.due(wanted: wanted, downloaded: state.downloaded, notBefore: state.notBefore, now: now)
            .filter { !state.inFlight.contains($0) }
        for transfer in schedule.transfers(due: due, groupAsked: state.groupAsked, now: now) {
            if case .group = transfer { state.groupAsked = now }
            state.inFlight.formUnion(transfer.numbers)
            start(transfer, transfer.url(source: settings.source))
        }
        let waiting = wanted.subtracting(state.inFlight)
        let next = schedule.secondsToNextCheck(wanted: waiting, downloaded: state.downloaded, notBefore: state.notBefore,
                                               now: now)
        if state.inFlight.isEmpty {
            logger.debug("satellites: \(due.count) downloaded, next check in \(DurationParser.describe(next))")
        }
        return next
    }

    /// Judges a transfer's answer, stores what is new, logs, and sets the retry times of what failed.
    private func finish(_ transfer: ElementTransfer, url: String,
                        _ result: Result<(status: Int, body: [UInt8]), ElementRefusal>, state: inout State) async {
        state.inFlight.subtract(transfer.numbers)
        let verdicts: Result<[Int: ElementAnswer], ElementRefusal>
        switch result {
        case .success(let answer): verdicts = await keep(status: answer.status, body: answer.body, numbers: transfer.numbers)
        case .failure(let refusal): verdicts = .failure(refusal)
        }
        let now = wallNow()
        var refused: [(Int, ElementRefusal)] = []
        var newFailure = false
        switch verdicts {
        case .failure(let refusal):
            refused = transfer.numbers.map { ($0, refusal) }
            newFailure = note(refusal, key: transfer.key,
                              "satellites: no new elements for \(transfer.subject) from \(url): \(refusal); the kept elements stay",
                              in: &state)
            state.lastError = "\(transfer.key): \(refusal)"
        case .success(let answers):
            var fresh: [OrbitalElements] = []
            var current = 0
            for number in transfer.numbers {
                switch answers[number] ?? .current {
                case .accept(let set):
                    state.kept[number] = set
                    state.downloaded[number] = now
                    fresh.append(set)
                case .current:
                    state.downloaded[number] = now
                    current += 1
                case .refuse(let refusal):
                    refused.append((number, refusal))
                }
            }
            logAccepted(transfer, fresh: fresh, current: current, state: &state)
            for (number, refusal) in refused.prefix(schedule.handful) {
                newFailure = note(refusal, key: String(number),
                                  "satellites: no new elements for \(number) from \(url): \(refusal); the kept elements stay",
                                  in: &state) || newFailure
            }
            if refused.count > schedule.handful {
                let gist = ElementRefusal("\(refused.count) of them have no usable elements in the answer")
                newFailure = note(gist, key: transfer.key,
                                  "satellites: \(transfer.subject) from \(url): \(gist.reason) (the first: "
                                  + "\(refused[0].0), \(refused[0].1)); their kept elements stay", in: &state) || newFailure
            }
            if let first = refused.first {
                state.lastError = "\(first.0): \(first.1)" + (refused.count > 1 ? " (and \(refused.count - 1) more)" : "")
            }
        }
        if refused.isEmpty {
            state.backoff.succeeded()
            for number in transfer.numbers { state.notBefore[number] = nil }
            if state.notBefore.isEmpty { state.lastError = nil }
        } else {
            let delay = state.backoff.failed()
            for (number, _) in refused { state.notBefore[number] = now + delay }
            logger.log(level: newFailure ? .info : .debug, "satellites: trying again in \(DurationParser.describe(delay))")
        }
        let (times, toWrite) = (DownloadTimes(beside: cache), state.downloaded)
        if transfer.numbers.contains(where: { state.downloaded[$0] == now }) {
            do { try await FileWork.run { try times.write(toWrite) } } catch {
                logger.warning("satellites: cannot keep the download times: \(error)")
            }
        }
        publish(state)
    }

    /// Logs the sets an answer brought: each one for a single satellite; for the group, one line for all. A
    /// satellite (or the group) whose downloads had been failing is said to work again, and its failure forgotten.
    private func logAccepted(_ transfer: ElementTransfer, fresh: [OrbitalElements], current: Int, state: inout State) {
        if case .group = transfer {
            let again = state.failures.removeValue(forKey: transfer.key) != nil ? " (downloads work again)" : ""
            for set in fresh { state.failures[String(set.catalogNumber)] = nil }
            logger.info("satellites: \(transfer.subject): new elements for \(fresh.count), \(current) current\(again)")
            for set in fresh { logger.debug("satellites: new elements for \(set.catalogNumber), epoch \(ElementAnswer.utc(set))") }
            return
        }
        guard !fresh.isEmpty || current > 0 else { return }
        let again = state.failures.removeValue(forKey: transfer.key) != nil ? " (downloads work again)" : ""
        for set in fresh {
            let name = set.name ?? "satellite"
            logger.info("satellites: new elements for \(name) (\(set.catalogNumber)), epoch \(ElementAnswer.utc(set))\(again)")
        }
        if fresh.isEmpty {
            logger.info("satellites: the elements of \(transfer.subject) are current\(again)")
        }
    }

    /// Logs a failure as a warning when its reason is new for `key`, at debug level while it repeats (a garbage
    /// answer's excerpt may differ each time: only the reason counts). Returns whether it was new.
    private func note(_ refusal: ElementRefusal, key: String, _ text: String, in state: inout State) -> Bool {
        let new = state.failures[key] != refusal.reason
        state.failures[key] = refusal.reason
        logger.log(level: new ? .warning : .debug, "\(text)")
        return new
    }

    /// Puts what is kept, and the last failure, on the status board.
    private func publish(_ state: State) {
        let satellites = state.kept.values.sorted { $0.catalogNumber < $1.catalogNumber }.map {
            ElementsStatus.Satellite(catalogNumber: $0.catalogNumber, name: $0.name, epochUnix: $0.epochUnix,
                                     downloadedUnix: state.downloaded[$0.catalogNumber])
        }
        board?.publish(ElementsStatus(download: state.download, satellites: satellites,
                                      lastError: state.download ? state.lastError : nil))
    }

    /// Judges the answer against the kept sets and stores the newer ones in one write, holding the cache folder's
    /// lock, so an `iss elements import` at the same moment is neither lost nor overwritten by an older set.
    /// Nothing new: nothing is written (the file, its time and the pass alarms stay as they are).
    private func keep(status: Int, body: [UInt8], numbers: [Int]) async -> Result<[Int: ElementAnswer], ElementRefusal> {
        let (cache, now) = (self.cache, wallNow())
        do {
            return try await FileWork.run { () throws -> Result<[Int: ElementAnswer], ElementRefusal> in
                try LocalFile.whileFolderLocked(holding: cache.path) {
                    let sets = ((try? cache.read()) ?? nil) ?? []
                    let kept = Dictionary(sets.map { ($0.catalogNumber, $0) }, uniquingKeysWith: { $1 })
                    let verdicts = ElementAnswer.judge(status: status, body: body, requested: numbers, kept: kept, now: now)
                    if case .success(let answers) = verdicts {
                        let fresh = answers.values.compactMap { answer -> OrbitalElements? in
                            if case .accept(let set) = answer { return set }
                            return nil
                        }
                        if !fresh.isEmpty { _ = try cache.store(fresh) }
                    }
                    return verdicts
                }
            }
        } catch {
            return .failure(ElementRefusal("cannot store the elements: \(error)"))
        }
    }
}
