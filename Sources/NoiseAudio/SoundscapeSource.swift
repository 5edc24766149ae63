import NoiseCatalog

/// A loop with its events mixed over it (`SoundEvents`): the bed plays as its own source does, sample for sample
/// (its seam stays bit-exact), and each event the schedule draws is added on top from its decoded buffer at its
/// frame and gain. Where no event sounds the bed's samples pass through untouched.
///
/// Runs on the output thread like every `PCMSource`: no lock, no allocation. The events' buffers are decoded whole
/// before play, the slots for events sounding at once are made here, and the schedule draws the next event by
/// arithmetic alone.
public final class SoundscapeSource: PCMSource {
    /// An event sounding: which buffer, the frame (from the start of play) it started on, its gain.
    private struct Slot {
        var file = -1
        var start = 0
        var gain: Float = 0
        var isFree: Bool { file < 0 }
    }

    private let bed: any PCMSource
    private let events: [PCMBuffer]
    private var schedule: EventSchedule
    private var pending: EventSchedule.Event
    private var slots: [Slot]
    /// Frames played since the start.
    private var position = 0

    /// - Parameters:
    ///   - events: the events' buffers, complete, in the order of `SoundEvents.files`.
    ///   - schedule: draws the events; its file indices are into `events`.
    public init(
        bed: any PCMSource, events: [PCMBuffer], schedule: EventSchedule,
        maxOverlapping: Int = CatalogLimits.maxOverlappingEvents
    ) {
        precondition(!events.isEmpty, "a soundscape without events is its bed")
        var schedule = schedule
        self.bed = bed
        self.events = events
        pending = schedule.next()
        self.schedule = schedule
        slots = [Slot](repeating: Slot(), count: maxOverlapping)
    }

    public func read(into output: UnsafeMutablePointer<Int16>, frames: Int) -> Int {
        let got = bed.read(into: output, frames: frames)
        let end = position + got
        while pending.frame < end {
            // A slot is free for the event if its own has ended by the event's start (whatever the periods' lengths:
            // that one's last frames are mixed first). With every slot taken the event is left out: the others
            // already fill the moment.
            let due = pending.frame
            if let index = slots.firstIndex(where: { $0.isFree || $0.start + events[$0.file].frameCount <= due }) {
                if !slots[index].isFree { _ = mix(slots[index], into: output, from: position, to: end) }
                slots[index] = Slot(file: pending.file, start: pending.frame, gain: pending.gain)
            }
            pending = schedule.next()
        }
        for index in slots.indices where !slots[index].isFree {
            if mix(slots[index], into: output, from: position, to: end) { slots[index] = Slot() }
        }
        position = end
        return got
    }

    /// Adds the part of `slot`'s event that falls in frames `from..<to` of play to `output` (which holds those
    /// frames); true when the event has ended by `to`.
    private func mix(_ slot: Slot, into output: UnsafeMutablePointer<Int16>, from: Int, to: Int) -> Bool {
        let buffer = events[slot.file]
        let length = buffer.frameCount
        let first = max(slot.start, from)
        let last = min(slot.start + length, to)
        if first < last {
            buffer.withReadySamples { samples in
                let available = samples.count / AudioFormat.channels
                let offset = first - slot.start
                let count = min(last - first, max(0, available - offset))
                let source = samples.baseAddress! + offset * AudioFormat.channels
                let target = output + (first - from) * AudioFormat.channels
                for sample in 0..<(count * AudioFormat.channels) {
                    target[sample] = Mixer.clip(Float(target[sample]) + Float(source[sample]) * slot.gain)
                }
            }
        }
        return slot.start + length <= to
    }
}
