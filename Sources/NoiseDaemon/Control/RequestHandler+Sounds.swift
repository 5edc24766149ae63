import NoiseCore
import NoiseProtocol

/// `sound_remove` and `sound_rename` (docs/sounds.md): the user's imported sounds only.
extension RequestHandler {
    /// Refused while the sound plays, and while an alarm rings it unless `force`, which first gives those alarms the
    /// default tone (one store change); then the catalog entry, the file and its decoded copy go.
    func removeSound(_ id: String, force: Bool) async throws(ProtocolError) -> SoundRemoved {
        _ = try SoundEditor.userSound(id, in: await player.library, toBe: "removed")
        if await player.isSounding(id) {
            throw ProtocolError(.soundInUse, "'\(id)' is playing; stop it first (noisectl stop \(id)), then remove it")
        }
        let alarms = await scheduler.alarms(ringing: id)
        if !alarms.isEmpty && !force {
            throw ProtocolError(
                .soundInUse,
                "'\(id)' is the tone of \(SoundRemoved.naming(alarms)); remove it with --force to "
                    + "give them the default tone, or give them another first (noisectl alarm edit "
                    + "\(alarms[0].id) --sound ID)")
        }
        let changed = force ? try await scheduler.giveDefaultTone(replacing: id) : []
        let editor = SoundEditor(loader: loader, keeper: keeper)
        let removed = try await FileWork.run { () throws(ProtocolError) -> SoundEditor.Removed in try editor.remove(id)
        }
        await player.replaceLibrary(removed.loaded)
        if let store = player.decodedStore {
            await FileWork.run { store.remove(sourcePath: removed.sound.path) }
        }
        let retoned =
            changed.isEmpty ? "" : "; \(SoundRemoved.naming(changed.map(\.alarm))) now ring \(changed[0].alarm.sound)"
        logger.info("sounds: removed '\(id)' (\(removed.sound.path))\(retoned)")
        return SoundRemoved(removed: SoundInfo(removed.sound), alarmsChanged: changed)
    }

    func renameSound(_ id: String, to name: String) async throws(ProtocolError) -> SoundInfo {
        let editor = SoundEditor(loader: loader, keeper: keeper)
        let loaded = try await FileWork.run { () throws(ProtocolError) -> CatalogKeeper.Versioned in
            try editor.rename(id, to: name)
        }
        await player.replaceLibrary(loaded)
        guard let sound = loaded.library.sound(id: id) else {
            throw ProtocolError(.storageFailed, "the sound was renamed but did not load; see 'noisectl status'")
        }
        return SoundInfo(sound)
    }
}
