import NoiseAlarms
import NoiseAudio
import NoiseCore
import NoiseProtocol

/// The alarm tones and the preview: scheduled ahead of their trigger, never silent because of a file.
extension Player {
    // MARK: Alarm tones

    /// Schedules the alarm's tone to start sounding exactly at `trigger`, ahead of time, so the device buffer
    /// does not make it late. The scheduler calls this shortly before a trigger and confirms it with
    /// `startAlarmTone` (or cancels it with `cancelPreparedTone`). Returns within `readyWithin`: a sound not loaded
    /// by then gives way to the tone made in code, so a slow file never makes an alarm late.
    public func prepareAlarmTone(alarm: Alarm, trigger: Double, readyWithin: Duration) async {
        guard alarmTone == nil else { return }
        let (loaded, tone) = await alarmSource(alarm, within: readyWithin)
        guard alarmTone == nil else { return }
        alarmTone = AlarmTone(
            voice: startTone(loaded, volume: alarm.volume, rampSeconds: alarm.rampSeconds, at: trigger),
            trigger: trigger, rung: false, tone: tone)
    }

    /// Rings: keeps the tone prepared for this trigger, or starts one now (one tone for any number of ringing
    /// alarms). Says which tone sounds and, when the device is in error, why it cannot be heard, so the alarm
    /// rings in other ways.
    public func startAlarmTone(alarm: Alarm, trigger: Double) async -> RingReport {
        if let tone = alarmTone, !tone.rung, tone.trigger > trigger {
            // Prepared for a later alarm: this one rings now.
            cancelPreparedTone()
        }
        var tone: ToneInfo
        if let sounding = alarmTone, sounding.rung {
            // Already ringing for another alarm: this one rings with it, and its record says so, not why the
            // other alarm's own sound may have given way.
            tone = ToneInfo(
                sound: sounding.tone.sound,
                note: sounding.tone.sound == alarm.sound
                    ? nil
                    : "rang with the tone of an alarm already ringing (\(sounding.tone.sound.map { "'\($0)'" } ?? "the tone made in code"))"
            )
        } else if let prepared = alarmTone {
            alarmTone?.rung = true
            tone = prepared.tone
        } else {
            let (loaded, loadedTone) = await alarmSource(alarm, within: .seconds(DaemonLimits.lateToneLoadSeconds))
            tone = loadedTone
            if alarmTone == nil {
                alarmTone = AlarmTone(
                    voice: startTone(loaded, volume: alarm.volume, rampSeconds: alarm.rampSeconds),
                    trigger: trigger, rung: true, tone: loadedTone)
            } else if let sounding = alarmTone {
                tone = sounding.tone  // another alarm's tone started while this one loaded
            }
        }
        let audio = engine.status
        return RingReport(
            tone: tone, audioProblem: audio.state == .error ? (audio.error ?? "audio device unavailable") : nil)
    }

    /// Drops a tone prepared for a trigger that will not ring (the alarm changed, the clock jumped).
    public func cancelPreparedTone() {
        guard let tone = alarmTone, !tone.rung else { return }
        alarmTone = nil
        engine.send(.fadeOut(tone.voice, fadeFrames: 0))
    }

    /// Stops the alarm tone quickly; the noise comes back as it stops.
    public func stopAlarmTone() {
        guard let tone = alarmTone, tone.rung else { return }
        alarmTone = nil
        engine.send(.fadeOut(tone.voice, fadeFrames: AudioFormat.frames(seconds: 0.2)))
    }

    /// The alarm's tone as loaded within `limit`; past it, the tone made in code. The load goes on in the
    /// background (a thread stuck opening a file cannot be stopped) and only warms the cache.
    fileprivate func alarmSource(_ alarm: Alarm, within limit: Duration) async -> (SoundLoader.Loaded, ToneInfo) {
        if let loaded = await Deadline.result(of: { await self.loadAlarmSound(alarm) }, within: limit, on: clock) {
            return loaded
        }
        let seconds = (limit.seconds * 10).rounded() / 10
        return (
            .buffer(FallbackTone.buffer),
            ToneInfo(
                sound: nil,
                note:
                    "'\(alarm.sound)' was not loaded within \(seconds) s (its file is slow to open: a stalled disk or network mount?); the tone made in code rang instead"
            )
        )
    }

    /// The alarm's own sound; if it is missing or cannot be decoded, the default tone; if that fails too, a
    /// tone made in code. An alarm is never silent because of a file.
    fileprivate func loadAlarmSound(_ alarm: Alarm) async -> (SoundLoader.Loaded, ToneInfo) {
        var problems: [String] = []
        for id in alarm.sound == AlarmDefaults.sound ? [alarm.sound] : [alarm.sound, AlarmDefaults.sound] {
            guard let sound = library.sound(id: id) else {
                problems.append("'\(id)' is not in the catalog")
                continue
            }
            do {
                let loaded = try await source(for: sound)
                return (
                    loaded,
                    ToneInfo(
                        sound: id,
                        note: problems.isEmpty ? nil : problems.joined(separator: "; ") + "; '\(id)' rang instead")
                )
            } catch {
                problems.append(error.message)
            }
        }
        return (
            .buffer(FallbackTone.buffer),
            ToneInfo(sound: nil, note: problems.joined(separator: "; ") + "; the tone made in code rang instead")
        )
    }

    fileprivate func startTone(
        _ loaded: SoundLoader.Loaded, volume: Double, rampSeconds: Double = 0, at startAt: Double? = nil,
        loops: Bool = true
    ) -> VoiceID {
        let voice = nextVoice
        nextVoice += 1
        engine.send(
            .startAlarm(
                voice, source: Self.makeSource(loaded, loops: loops), gain: VolumeLaw.gain(forVolume: volume),
                rampFrames: AudioFormat.frames(seconds: rampSeconds), startAt: startAt))
        return voice
    }

    /// Plays a sound once (or for `seconds`, whichever is shorter) at an alarm volume, so a user can choose a tone.
    public func preview(soundID: String, seconds: Double, volume: Double) async throws(ProtocolError) {
        guard let sound = library.sound(id: soundID) else { throw library.unknownSoundError(soundID) }
        let voice = startTone(try await source(for: sound), volume: volume, loops: false)
        // The end is fixed now, not when the task first runs, so it is `seconds` after the request.
        let end = clock.now.advanced(by: .seconds(seconds))
        previewStops[voice] = Task { await self.endPreview(voice, at: end) }
    }

    /// A preview's stop: fades its voice out at `end` on the player's clock, unless the voice ended first or the
    /// player shuts down (the task is then cancelled).
    private func endPreview(_ voice: VoiceID, at end: C.Instant) async {
        try? await clock.sleep(until: end, tolerance: nil)
        guard !Task.isCancelled else { return }
        previewStops[voice] = nil
        engine.send(.fadeOut(voice, fadeFrames: AudioFormat.frames(seconds: 0.3)))
    }
}
