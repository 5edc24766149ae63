import Logging
import NoiseCore
import NoiseStore

/// The one way a request changes or reads the store, whichever actor carries it out (the scheduler's alarms, the
/// player's mixes, the life calendar): a refusal is logged once, shown by `status` (`alarms.store_problem`) until
/// a change succeeds, and answered as `storage_failed` saying what could not be done and why, with nothing changed.
/// A `ProtocolError` the change throws itself (a rule of the data) is passed on as it is.
struct StoreChanges: Sendable {
    let board: StatusBoard
    let logger: Logger

    /// Runs a change; `failure` says what could not be done ("the mix could not be saved").
    @discardableResult
    func change<T>(
        _ failure: String, isolation: isolated (any Actor)? = #isolation,
        _ write: () async throws -> T
    ) async throws(ProtocolError) -> T {
        do {
            let result = try await write()
            board.publish(storeFailure: nil)
            return result
        } catch let error as ProtocolError {
            throw error
        } catch {
            let reason = NoiseDatabase.describe(error)
            logger.error(
                "store: refused a change: \(reason)\(error is NoiseDatabase.ReadOnlyStore ? "" : " (\(error))")")
            board.publish(storeFailure: "the last change was refused: \(reason)")
            throw ProtocolError(.storageFailed, "\(failure), so nothing changed: \(reason)")
        }
    }

    /// Runs a read; `what` names what could not be read ("the missed alarms").
    func read<T>(
        _ what: String, isolation: isolated (any Actor)? = #isolation,
        _ read: () async throws -> T
    ) async throws(ProtocolError) -> T {
        do {
            return try await read()
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(.storageFailed, "\(what) could not be read: \(NoiseDatabase.describe(error))")
        }
    }
}
