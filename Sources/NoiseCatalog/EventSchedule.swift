#if canImport(Glibc)
import Glibc
#endif

/// When a loop's events sound, which file each plays and how loud: a pure function of the events and a seed (one
/// per play, so no two plays hear the same sequence), drawn one event at a time. Drawing is arithmetic on a few
/// words, with no allocation and no lock, so the output thread draws the next event as it plays.
public struct EventSchedule: Sendable, Equatable {
    public struct Event: Sendable, Equatable {
        /// The frame it starts on, counted from the start of play.
        public var frame: Int
        /// Which of the events' files it plays (an index into `SoundEvents.files`).
        public var file: Int
        /// Its gain, linear (from `SoundEvents.gainDB`).
        public var gain: Float

        public init(frame: Int, file: Int, gain: Float) {
            self.frame = frame
            self.file = file
            self.gain = gain
        }
    }

    private var state: UInt64
    private let everyFrames: ClosedRange<Double>
    private let gainDB: ClosedRange<Double>
    private let fileCount: Int
    private var lastFrame = 0
    private var lastFile = -1

    public init(events: SoundEvents, seed: UInt64, framesPerSecond: Int) {
        state = seed
        let rate = Double(framesPerSecond)
        everyFrames = (events.every.lowerBound * rate)...(events.every.upperBound * rate)
        gainDB = events.gainDB
        fileCount = events.files.count
    }

    /// The next event: `every` after the last one (the first, after the start of play), a file other than the last
    /// one's when there are several (so one call is not heard twice running), at a gain in `gain_db`.
    public mutating func next() -> Event {
        lastFrame += max(1, Int(uniform(in: everyFrames).rounded()))
        if fileCount > 1 {
            let pick = Int(nextWord() % UInt64(fileCount - 1))
            lastFile = lastFile >= 0 && pick >= lastFile ? pick + 1 : pick
        } else {
            lastFile = 0
        }
        let gain = Float(pow(10, uniform(in: gainDB) / 20))
        return Event(frame: lastFrame, file: lastFile, gain: gain)
    }

    /// SplitMix64 (Steele, Lea and Flood, 2014): a whole 64-bit state, so any seed is a good one.
    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Even in `range`: the top 53 bits of a word as a fraction in [0, 1).
    private mutating func uniform(in range: ClosedRange<Double>) -> Double {
        let fraction = Double(nextWord() >> 11) * 0x1p-53
        return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    }
}
