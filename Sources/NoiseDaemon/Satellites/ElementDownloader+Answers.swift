import NoiseCore
import NoiseSystem
import Orbits

/// What the element downloader does with an answer: judge it against the kept sets, store the newer ones in one
/// write, log once what came and what was refused, and set the retry times (docs/satellites.md).
extension ElementDownloader {
    /// Judges a transfer's answer, stores what is new, logs, and sets the retry times of what failed.
    func finish(
        _ transfer: ElementTransfer, url: String, _ result: Result<(status: Int, body: [UInt8]), ElementRefusal>,
        state: inout ElementDownloadState
    ) async {
        state.inFlight.subtract(transfer.numbers)
        let verdicts: Result<[Int: ElementAnswer], ElementRefusal>
        switch result {
        case .success(let answer):
            verdicts = await keep(status: answer.status, body: answer.body, numbers: transfer.numbers)
        case .failure(let refusal): verdicts = .failure(refusal)
        }
        let now = wallNow()
        var refused: [(Int, ElementRefusal)] = []
        var newFailure = false
        switch verdicts {
        case .failure(let refusal):
            refused = transfer.numbers.map { ($0, refusal) }
            newFailure = note(
                refusal, key: transfer.key,
                "satellites: no new elements for \(transfer.subject) from \(url): \(refusal); the kept elements stay",
                in: &state)
            state.lastError = "\(transfer.key): \(refusal)"
        case .success(let answers):
            if case .group = transfer { state.groupAnswered = now }
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
            newFailure = noteRefused(refused, in: transfer, url: url, state: &state)
            if let first = refused.first {
                state.lastError =
                    "\(first.0): \(first.1)" + (refused.count > 1 ? " (and \(refused.count - 1) more)" : "")
            }
            let refusedNumbers = Set(refused.map(\.0))
            for number in transfer.numbers where !refusedNumbers.contains(number) { state.notBefore[number] = nil }
            if transfer.isMany {
                // The source answered: what it lacked is not a failure to back off from. What the group lacked is
                // asked for at once in one batch; what the batch lacked waits for the next refresh.
                state.backoff.succeeded()
                if case .batch = transfer {
                    for (number, _) in refused { state.notBefore[number] = now + schedule.refreshSeconds }
                }
                refused = []
            }
        }
        if refused.isEmpty {
            if case .satellite = transfer { state.backoff.succeeded() }
            if state.notBefore.isEmpty { state.lastError = nil }
        } else {
            let delay = state.backoff.failed()
            for (number, _) in refused { state.notBefore[number] = now + delay }
            logger.log(
                level: newFailure ? .info : .debug, "satellites: trying again in \(DurationParser.describe(delay))")
        }
        let (times, toWrite) = (DownloadTimes(beside: cache), state.downloaded)
        if transfer.numbers.contains(where: { state.downloaded[$0] == now }) {
            do { try await FileWork.run { try times.write(toWrite) } } catch {
                logger.warning("satellites: cannot keep the download times: \(error)")
            }
        }
        publish(state)
    }

    /// Logs the satellites an answer had no usable set for: one by one for a single satellite's request; one line
    /// for a group's or a batch's, with the count, the first and what happens next. Returns whether it was new.
    private func noteRefused(
        _ refused: [(Int, ElementRefusal)], in transfer: ElementTransfer, url: String,
        state: inout ElementDownloadState
    ) -> Bool {
        guard let first = refused.first else { return false }
        guard transfer.isMany else {
            return note(
                first.1, key: String(first.0),
                "satellites: no new elements for \(first.0) from \(url): \(first.1); the kept elements stay", in: &state
            )
        }
        let next =
            if case .group = transfer { "asking for them in one request" } else {
                "asked for again in \(DurationParser.describe(schedule.refreshSeconds))"
            }
        let gist = ElementRefusal("\(refused.count) of them have no usable elements in the answer")
        return note(
            gist, key: transfer.key,
            "satellites: \(transfer.subject): \(gist.reason) (the first: \(first.0), \(first.1)); their kept "
                + "elements stay; \(next)", in: &state)
    }

    /// Logs the sets an answer brought: each one for a single satellite; for the group or a batch, one line for all.
    /// A satellite (or the group) whose downloads had been failing is said to work again, and its failure forgotten.
    private func logAccepted(
        _ transfer: ElementTransfer, fresh: [OrbitalElements], current: Int,
        state: inout ElementDownloadState
    ) {
        if transfer.isMany {
            let again = state.failures.removeValue(forKey: transfer.key) != nil ? " (downloads work again)" : ""
            for set in fresh { state.failures[String(set.catalogNumber)] = nil }
            logger.info("satellites: \(transfer.subject): new elements for \(fresh.count), \(current) current\(again)")
            for set in fresh {
                logger.debug("satellites: new elements for \(set.catalogNumber), epoch \(ElementAnswer.utc(set))")
            }
            return
        }
        guard !fresh.isEmpty || current > 0 else { return }
        let again = state.failures.removeValue(forKey: transfer.key) != nil ? " (downloads work again)" : ""
        for set in fresh {
            let name = set.name ?? "satellite"
            logger.info(
                "satellites: new elements for \(name) (\(set.catalogNumber)), epoch \(ElementAnswer.utc(set))\(again)")
        }
        if fresh.isEmpty {
            logger.info("satellites: the elements of \(transfer.subject) are current\(again)")
        }
    }

    /// Logs a failure as a warning when its reason is new for `key`, at debug level while it repeats (a garbage
    /// answer's excerpt may differ each time: only the reason counts). Returns whether it was new.
    private func note(
        _ refusal: ElementRefusal, key: String, _ text: String, in state: inout ElementDownloadState
    ) -> Bool {
        let new = state.failures[key] != refusal.reason
        state.failures[key] = refusal.reason
        logger.log(level: new ? .warning : .debug, "\(text)")
        return new
    }

    /// Judges the answer against the kept sets and stores the newer ones in one write, holding the cache folder's
    /// lock, so an `iss elements import` at the same moment is neither lost nor overwritten by an older set.
    /// Nothing new: nothing is written (the file, its time and the pass alarms stay as they are).
    private func keep(status: Int, body: [UInt8], numbers: [Int]) async -> Result<[Int: ElementAnswer], ElementRefusal>
    {
        let (cache, now) = (self.cache, wallNow())
        do {
            return try await FileWork.run { () throws -> Result<[Int: ElementAnswer], ElementRefusal> in
                try LocalFile.whileFolderLocked(holding: cache.path) {
                    let sets = ((try? cache.read()) ?? nil) ?? []
                    let kept = Dictionary(sets.map { ($0.catalogNumber, $0) }, uniquingKeysWith: { $1 })
                    let verdicts = ElementAnswer.judge(
                        status: status, body: body, requested: numbers, kept: kept, now: now)
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
