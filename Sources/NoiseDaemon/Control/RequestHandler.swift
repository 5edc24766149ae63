import NoiseAudio
import NoiseCore

/// Answers one request line: decodes it, carries it out on the player, encodes the reply.
/// Errors become error replies; nothing a client sends can throw past here.
public struct RequestHandler<C: Clock>: Sendable where C.Duration == Duration {
    /// A reply line, and whether the connection now wants events.
    public struct Outcome: Sendable {
        public var line: [UInt8]
        public var subscribes = false
    }

    let player: Player<C>
    let loader: CatalogLoader

    public init(player: Player<C>, loader: CatalogLoader) {
        self.player = player
        self.loader = loader
    }

    public func reply(to line: some Collection<UInt8>) async -> Outcome {
        let request: Request
        switch RequestDecoder.decode(line) {
        case .success(let decoded): request = decoded
        case .failure(let failure): return Outcome(line: Replies.failure(id: failure.id, error: failure.error))
        }
        do {
            let (data, subscribes) = try await run(request.command)
            return Outcome(line: try Replies.success(id: request.id, data: data), subscribes: subscribes)
        } catch let error as ProtocolError {
            return Outcome(line: Replies.failure(id: request.id, error: error))
        } catch {
            return Outcome(line: Replies.failure(id: request.id, error: ProtocolError(.internal, "\(error)")))
        }
    }

    private func run(_ command: Command) async throws -> (any Encodable & Sendable, Bool) {
        switch command {
        case .ping: return (Replies.Empty(), false)
        case .status: return (await player.status(), false)
        case .sounds(let category): return (await player.sounds(category: category), false)
        case .play(let arguments): return (try await player.play(arguments), false)
        case .stop(let arguments): return (try await player.stop(arguments), false)
        case .volume(let arguments): return (try await player.setVolume(arguments), false)
        case .subscribe: return (await player.status(), true)
        case .importSound(let arguments): return (try await importSound(arguments), false)
        }
    }

    private func importSound(_ arguments: ImportArguments) async throws(ProtocolError) -> SoundInfo {
        let library = await player.currentLibrary
        let importer = SoundImporter(loader: loader)
        _ = try await BlockingWork.run(name: "noised-import") { () throws(ProtocolError) -> SoundEntry in
            try importer.importSound(arguments, into: library)
        }
        let loader = self.loader
        let reloaded = await BlockingWork.run(name: "noised-catalog") { () -> SoundLibrary in loader.load() }
        await player.replaceLibrary(reloaded)
        guard let sound = reloaded.sound(id: arguments.id) else {
            throw ProtocolError(.importFailed, "the sound was stored but did not load; see 'noisectl status'")
        }
        return SoundInfo(sound)
    }
}
