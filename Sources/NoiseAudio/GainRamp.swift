/// A gain that moves linearly to a target over a number of frames, so volume changes and fades never step
/// (a step in gain is an audible click, "zipper noise").
public struct GainRamp: Sendable, Equatable {
    public private(set) var value: Float
    public private(set) var target: Float
    private var step: Float = 0
    private var remaining = 0

    public init(_ value: Float) {
        self.value = value
        self.target = value
    }

    /// Heads for `target`, arriving after `frames` frames (at once when `frames` is 0).
    public mutating func ramp(to target: Float, frames: Int) {
        self.target = target
        if frames <= 0 || target == value {
            value = target
            remaining = 0
        } else {
            step = (target - value) / Float(frames)
            remaining = frames
        }
    }

    public var isSteady: Bool { remaining == 0 }

    /// The gain for the next frame.
    @inline(__always)
    public mutating func next() -> Float {
        guard remaining > 0 else { return value }
        remaining -= 1
        value = remaining == 0 ? target : value + step
        return value
    }
}
