public struct SleepTimerInfo: Sendable, Equatable, Codable {
    public var remainingSeconds: Double
    public var fadeOutSeconds: Double

    public init(remainingSeconds: Double, fadeOutSeconds: Double) {
        self.remainingSeconds = remainingSeconds
        self.fadeOutSeconds = fadeOutSeconds
    }
}
