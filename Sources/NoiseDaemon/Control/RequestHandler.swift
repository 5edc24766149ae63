import Logging
import NoiseAlarms
import NoiseAudio
import NoiseControl
import NoiseCore
import NoiseProtocol

/// Answers one request line: decodes it, carries it out on the player, encodes the reply.
/// Errors become error replies; nothing a client sends can throw past here.
public struct RequestHandler<C: Clock>: ControlRequests where C.Duration == Duration {
    let player: Player<C>
    let scheduler: AlarmScheduler
    let loader: CatalogLoader
    let keeper: CatalogKeeper
    let live: LiveConfiguration
    let life: LifeDesk
    let faults: TestFaults
    let logger: Logger
    /// Built once with the handler: a request looks up its command's handler by name.
    private(set) var table = CommandTable()

    public init(
        player: Player<C>, scheduler: AlarmScheduler, loader: CatalogLoader, keeper: CatalogKeeper,
        live: LiveConfiguration, life: LifeDesk, faults: TestFaults = TestFaults(), logger: Logger
    ) {
        self.player = player
        self.scheduler = scheduler
        self.loader = loader
        self.keeper = keeper
        self.live = live
        self.life = life
        self.faults = faults
        self.logger = logger
        table = commandTable()
    }

    public func reply(to line: some Collection<UInt8>) async -> ControlReply {
        let request: Request
        switch RequestDecoder.decode(line) {
        case .success(let decoded): request = decoded
        case .failure(let failure): return ControlReply(line: Replies.failure(id: failure.id, error: failure.error))
        }
        if faults.slowReplies {
            logger.warning("NOISED_TEST_FAULTS=slow-replies: holding request \(request.id) for 1 s")
            try? await player.clock.sleep(for: .seconds(1), tolerance: nil)
        }
        do {
            let answer = try await table.run(request.command)
            return ControlReply(
                line: try Replies.success(id: request.id, data: answer.data), subscribes: answer.subscribes)
        } catch let error as ProtocolError {
            return ControlReply(line: Replies.failure(id: request.id, error: error))
        } catch {
            return ControlReply(line: Replies.failure(id: request.id, error: ProtocolError(.internal, "\(error)")))
        }
    }

    /// Read from the board the actors publish to, so it needs no turn on any of them; encoded once for every reader
    /// while it stays the same.
    func status() throws -> Replies.Encoded {
        Replies.Encoded(try player.board.encodedStatus(config: live.status))
    }

    func importSound(_ arguments: Commands.Import) async throws(ProtocolError) -> SoundInfo {
        var loader = self.loader
        let settings = await live.settings
        loader.soundFolders = settings.soundFolders
        let importer = SoundImporter(
            loader: loader, keeper: keeper,
            quota: ImportQuota(limitMiB: settings.importQuotaMiB))
        let imported = try await FileWork.run { () throws(ProtocolError) -> SoundImporter.Imported in
            try importer.importSound(arguments)
        }
        await player.replaceLibrary(imported.loaded)
        guard let sound = imported.loaded.library.sound(id: imported.id) else {
            throw ProtocolError(.importFailed, "the sound was stored but did not load; see 'noisectl status'")
        }
        return SoundInfo(sound)
    }
}
