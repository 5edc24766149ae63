/// How a volume people set (0 to 100) becomes an amplitude gain: cubic, as PulseAudio maps its volumes,
/// so equal steps sound like roughly equal changes in loudness. 100 is unity gain (samples unchanged).
public enum VolumeLaw {
    public static func gain(forVolume volume: Double) -> Float {
        let fraction = Float(min(max(volume, 0), 100) / 100)
        return fraction * fraction * fraction
    }
}
