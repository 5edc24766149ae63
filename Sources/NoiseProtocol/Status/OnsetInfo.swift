/// An alarm tone's start relative to its trigger, in milliseconds: when its first frames were written to the
/// device (negative when scheduled ahead) and when they are heard (the device's delay included).
public struct OnsetInfo: Sendable, Equatable, Codable {
    public var writtenMs: Double
    public var heardMs: Double

    public init(writtenSeconds: Double, heardSeconds: Double) {
        writtenMs = (writtenSeconds * 10_000).rounded() / 10
        heardMs = (heardSeconds * 10_000).rounded() / 10
    }
}
