import CALSA
import Glibc
import NoiseCore

/// Plays to an ALSA PCM (`default`, `pulse`, `hw:0`...). Recovers from underruns and suspend with
/// `snd_pcm_recover`, as MPD's ALSA output does; any other failure is reported as a lost device.
public final class ALSAOutput: AudioOutput {
    private let deviceName: String
    private var pcm: OpaquePointer?
    public private(set) var periodFrames = AudioFormat.frames(seconds: 0.05)
    public private(set) var underruns = 0

    public init(deviceName: String) {
        self.deviceName = deviceName
        noiseclock_alsa_silence_errors()
    }

    deinit { close() }

    private func failure(_ what: String, _ code: Int32) -> AudioOutputError {
        AudioOutputError(device: deviceName, reason: "\(what): \(String(cString: snd_strerror(code)))")
    }

    public func open() throws(AudioOutputError) {
        close()
        var handle: OpaquePointer?
        var code = snd_pcm_open(&handle, deviceName, SND_PCM_STREAM_PLAYBACK, 0)
        guard code >= 0, let handle else { throw failure("cannot open", code) }
        code = noiseclock_alsa_set_params(
            handle, UInt32(AudioFormat.channels), UInt32(AudioFormat.sampleRate),
            AudioLimits.deviceLatencyMicroseconds, AudioLimits.devicePeriods)
        if code < 0 {
            // A device that cannot take that many periods (some fixed-size dmix set-ups) gets ALSA's own choice.
            code = snd_pcm_set_params(
                handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                UInt32(AudioFormat.channels), UInt32(AudioFormat.sampleRate),
                1, AudioLimits.deviceLatencyMicroseconds)
        }
        guard code >= 0 else {
            snd_pcm_close(handle)
            throw failure("cannot set 16-bit stereo at \(AudioFormat.sampleRate) Hz", code)
        }
        var bufferSize: snd_pcm_uframes_t = 0
        var periodSize: snd_pcm_uframes_t = 0
        if snd_pcm_get_params(handle, &bufferSize, &periodSize) >= 0, periodSize > 0 {
            periodFrames = Int(periodSize)
        }
        pcm = handle
    }

    public func write(_ samples: UnsafePointer<Int16>, frames: Int) throws(AudioOutputError) {
        guard let pcm else { throw AudioOutputError(device: deviceName, reason: "not open") }
        var done = 0
        var recoveries = 0
        while done < frames {
            let result = snd_pcm_writei(pcm, samples + done * AudioFormat.channels, snd_pcm_uframes_t(frames - done))
            if result >= 0 {
                done += Int(result)
                recoveries = 0
                continue
            }
            let code = Int32(result)
            if code == -EAGAIN { continue }
            if code == -EPIPE { underruns += 1 }
            recoveries += 1
            // Underrun (EPIPE), suspend (ESTRPIPE) and signals (EINTR) recover; anything else means the device is gone.
            guard recoveries <= 3, snd_pcm_recover(pcm, code, 1) >= 0 else { throw failure("lost", code) }
        }
    }

    public func delayFrames() -> Int {
        var frames: snd_pcm_sframes_t = 0
        guard let pcm, snd_pcm_delay(pcm, &frames) >= 0 else { return 0 }
        return max(0, Int(frames))
    }

    public func drain() {
        if let pcm { snd_pcm_drain(pcm) }
    }

    public func close() {
        if let pcm { snd_pcm_close(pcm) }
        pcm = nil
    }
}
