import NoiseCore

/// Sums the voices, each with its own gain and fade envelope, then the master gain, into 16-bit frames.
/// Pure arithmetic on buffers it owns: the output thread runs it, the tests drive it directly.
///
/// Gains apply in the 16-bit sample domain, so at unity gain a sample comes out exactly as it went in.
public struct Mixer {
    struct Voice {
        let id: VoiceID
        let source: any PCMSource
        var gain: GainRamp
        var envelope: GainRamp
        var stopping = false
        /// Alarm tones are not ducked; while one sounds, the noise is.
        var isAlarm = false
        /// When an alarm tone is to start (wall seconds), until the mixer turns it into `silentFrames`.
        var startAt: Double?
        /// Frames of silence before the voice starts.
        var silentFrames = 0
    }

    /// An alarm tone that began sounding: its first frame plays at `heardAt` (wall seconds).
    public struct AlarmStart: Sendable, Equatable {
        public var voice: VoiceID
        public var heardAt: Double
    }

    /// Gain of noise while an alarm tone sounds (about -14 dB).
    public static let duckGain: Float = 0.2

    private(set) var voices: [Voice] = []
    private var master = GainRamp(1)
    private var duck = GainRamp(1)
    private var duckGains: [Float]
    private var startedVoices: Set<VoiceID> = []
    private let duckFrames = AudioFormat.frames(seconds: 0.25)
    private let rampFrames = AudioFormat.frames(seconds: AudioLimits.volumeRampSeconds)
    private var sourceScratch: [Int16]
    private var mix: [Float]
    public let maxFrames: Int

    public init(maxFrames: Int) {
        self.maxFrames = maxFrames
        sourceScratch = [Int16](repeating: 0, count: maxFrames * AudioFormat.channels)
        mix = [Float](repeating: 0, count: maxFrames * AudioFormat.channels)
        duckGains = [Float](repeating: 1, count: maxFrames)
    }

    public var isSilent: Bool { voices.isEmpty }

    public mutating func apply(_ command: MixerCommand) {
        switch command {
        case .start(let id, let source, let gain, let fadeFrames):
            var envelope = GainRamp(0)
            envelope.ramp(to: 1, frames: fadeFrames)
            voices.append(Voice(id: id, source: source, gain: GainRamp(gain), envelope: envelope))
        case .setGain(let id, let gain):
            let frames = rampFrames
            update(id) { $0.gain.ramp(to: gain, frames: frames) }
        case .rampGain(let id, let gain, let frames):
            update(id) { $0.gain.ramp(to: gain, frames: frames) }
        case .fadeOut(let id, let fadeFrames):
            update(id) { Self.fadeOut(&$0, frames: fadeFrames) }
        case .fadeOutAll(let fadeFrames):
            for index in voices.indices { Self.fadeOut(&voices[index], frames: fadeFrames) }
        case .setMasterGain(let gain):
            master.ramp(to: gain, frames: rampFrames)
        case .startAlarm(let id, let source, let gain, let rampFrames, let startAt):
            var envelope = GainRamp(0)
            envelope.ramp(to: 1, frames: rampFrames)
            voices.append(
                Voice(
                    id: id, source: source, gain: GainRamp(gain), envelope: envelope, isAlarm: true,
                    startAt: startAt ?? -.infinity))
        }
    }

    private static func fadeOut(_ voice: inout Voice, frames: Int) {
        voice.stopping = true
        // A fade already under way finishes no later than asked; it never restarts from the top.
        voice.envelope.ramp(to: 0, frames: frames)
    }

    private mutating func update(_ id: VoiceID, _ change: (inout Voice) -> Void) {
        if let index = voices.firstIndex(where: { $0.id == id }) { change(&voices[index]) }
    }

    /// Removes the voices that are fading out, at once; returns them. Used while the device is gone:
    /// nobody can hear the fade, and a stop must still take effect.
    public mutating func dropStoppingVoices() -> [VoiceID] {
        let stopping = voices.filter(\.stopping).map(\.id)
        voices.removeAll(where: \.stopping)
        return stopping
    }

    /// Renders `frames` frames (at most `maxFrames`) into `output`; returns the voices that ended in them.
    /// `playTime` is when the first of these frames will be heard (wall seconds), for scheduled alarm tones;
    /// alarm tones that begin in these frames are appended to `started`.
    public mutating func render(
        into output: UnsafeMutablePointer<Int16>, frames: Int, playTime: Double,
        started: inout [AlarmStart]
    ) -> [VoiceID] {
        precondition(frames <= maxFrames, "render asked for more than maxFrames")
        let samples = frames * AudioFormat.channels
        var ended: [VoiceID] = []
        // A scheduled tone's place is worked out again each period from the latest estimate of when these frames
        // are heard (the device's delay settles only after it starts), and fixed in the period where it begins.
        for index in voices.indices {
            guard let startAt = voices[index].startAt else { continue }
            let offset = Int((max(-1e9, min(1e9, startAt - playTime)) * Double(AudioFormat.sampleRate)).rounded())
            voices[index].silentFrames = max(0, offset)
            if offset < frames { voices[index].startAt = nil }
        }
        for voice in voices
        where voice.isAlarm && voice.silentFrames < frames && voice.startAt == nil
            && !startedVoices.contains(voice.id)
        {
            startedVoices.insert(voice.id)
            started.append(
                AlarmStart(
                    voice: voice.id,
                    heardAt: playTime + Double(voice.silentFrames) / Double(AudioFormat.sampleRate)))
        }
        // Noise ducks from the frame the first tone sounds, and comes back when no tone sounds.
        let soundingFrom = voices.filter { $0.isAlarm && !$0.stopping && $0.silentFrames < frames }.map(\.silentFrames)
            .min()
        var duckFrom = 0
        if duck.target != (soundingFrom == nil ? 1 : Self.duckGain) {
            duck.ramp(to: soundingFrom == nil ? 1 : Self.duckGain, frames: duckFrames)
            duckFrom = soundingFrom ?? 0
        }
        let duckSteady = duck.isSteady
        if !duckSteady {
            let before = duck.value
            for frame in 0..<frames { duckGains[frame] = frame < duckFrom ? before : duck.next() }
        }
        let duckValue = duck.value
        mix.withUnsafeMutableBufferPointer { mix in
            mix.baseAddress!.update(repeating: 0, count: samples)
            sourceScratch.withUnsafeMutableBufferPointer { scratch in
                duckGains.withUnsafeBufferPointer { duckGains in
                    for index in voices.indices {
                        let ducked = !voices[index].isAlarm
                        if Self.add(
                            &voices[index], into: mix.baseAddress!, scratch: scratch.baseAddress!, frames: frames,
                            constantDuck: ducked && duckSteady ? duckValue : 1,
                            duckRamp: ducked && !duckSteady ? duckGains.baseAddress! : nil)
                        {
                            ended.append(voices[index].id)
                        }
                    }
                }
            }
            Self.applyMaster(&master, mix: mix.baseAddress!, output: output, frames: frames)
        }
        if !ended.isEmpty {
            voices.removeAll { ended.contains($0.id) }
            startedVoices.subtract(ended)
        }
        return ended
    }

    /// Adds one voice into the mix, ducked by `constantDuck` or, while the duck moves, by one gain per frame
    /// (`duckRamp`); true when the voice has ended (faded out, or its source ran dry).
    private static func add(
        _ voice: inout Voice, into mix: UnsafeMutablePointer<Float>,
        scratch: UnsafeMutablePointer<Int16>, frames: Int, constantDuck: Float,
        duckRamp: UnsafePointer<Float>?
    ) -> Bool {
        // A tone cancelled before it started has nothing to fade.
        if voice.stopping && voice.silentFrames > 0 { return true }
        // A scheduled tone stays silent until its start frame, then fills the rest of the period.
        let skip = min(voice.silentFrames, frames)
        voice.silentFrames -= skip
        if skip == frames { return false }
        let mix = mix + skip * AudioFormat.channels
        let frames = frames - skip
        let got = voice.source.read(into: scratch, frames: frames)
        let duckRamp = duckRamp.map { $0 + skip }
        if voice.gain.isSteady && voice.envelope.isSteady && duckRamp == nil {
            let gain = voice.gain.value * voice.envelope.value * constantDuck
            if gain != 0 {
                for sample in 0..<(got * AudioFormat.channels) { mix[sample] += Float(scratch[sample]) * gain }
            }
        } else {
            for frame in 0..<got {
                let gain = voice.gain.next() * voice.envelope.next() * (duckRamp?[frame] ?? constantDuck)
                let base = frame * AudioFormat.channels
                mix[base] += Float(scratch[base]) * gain
                mix[base + 1] += Float(scratch[base + 1]) * gain
            }
        }
        let faded = voice.stopping && voice.envelope.isSteady && voice.envelope.value == 0
        return got < frames || faded
    }

    private static func applyMaster(
        _ master: inout GainRamp, mix: UnsafeMutablePointer<Float>,
        output: UnsafeMutablePointer<Int16>, frames: Int
    ) {
        if master.isSteady {
            let gain = master.value
            for sample in 0..<(frames * AudioFormat.channels) { output[sample] = clip(mix[sample] * gain) }
        } else {
            for frame in 0..<frames {
                let gain = master.next()
                let base = frame * AudioFormat.channels
                output[base] = clip(mix[base] * gain)
                output[base + 1] = clip(mix[base + 1] * gain)
            }
        }
    }

    /// Rounds to the nearest 16-bit sample (halves to even), clamping what is louder than full scale (hard
    /// clipping). Adding 1.5 × 2^23 leaves the rounded value in the float's low mantissa bits: branch-free
    /// arithmetic the compiler vectorises, where `rounded()` is a libm call per sample on baseline x86-64.
    /// Integers pass through unchanged, so unity gain stays bit-exact.
    @inline(__always)
    static func clip(_ value: Float) -> Int16 {
        let clamped = min(max(value, -32768), 32767)
        return Int16(truncatingIfNeeded: Int32(bitPattern: (clamped + 12_582_912).bitPattern) &- 0x4B40_0000)
    }
}
