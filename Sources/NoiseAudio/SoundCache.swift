/// Decides which decoded sounds stay in memory: least recently used first out, within a byte budget.
/// Sounds that are playing are never evicted (their buffers are in use anyway). Pure bookkeeping.
public struct SoundCache {
    private struct Entry {
        var buffer: PCMBuffer
        var lastUse: UInt64
    }

    public let budgetBytes: Int
    private var entries: [String: Entry] = [:]
    private var useCounter: UInt64 = 0

    public init(budgetBytes: Int) {
        self.budgetBytes = budgetBytes
    }

    public var usedBytes: Int { entries.values.reduce(0) { $0 + $1.buffer.byteCount } }
    public var count: Int { entries.count }

    /// The cached buffer for a sound path, marking it used.
    public mutating func buffer(for key: String) -> PCMBuffer? {
        guard entries[key] != nil else { return nil }
        useCounter += 1
        entries[key]!.lastUse = useCounter
        return entries[key]!.buffer
    }

    /// Bytes held by the entries in `pinned` (the sounds playing), which eviction cannot free.
    public func bytes(pinned: Set<String>) -> Int {
        entries.filter { pinned.contains($0.key) }.values.reduce(0) { $0 + $1.buffer.byteCount }
    }

    /// Stores a buffer, evicting least recently used entries not in `pinned` until it fits.
    /// Returns false (and stores nothing) when it cannot fit.
    @discardableResult
    public mutating func insert(_ buffer: PCMBuffer, for key: String, pinned: Set<String>) -> Bool {
        guard buffer.byteCount + bytes(pinned: pinned) <= budgetBytes else { return false }
        entries[key] = nil
        while usedBytes + buffer.byteCount > budgetBytes {
            guard
                let victim = entries.filter({ !pinned.contains($0.key) }).min(by: {
                    $0.value.lastUse < $1.value.lastUse
                })
            else { return false }
            entries[victim.key] = nil
        }
        useCounter += 1
        entries[key] = Entry(buffer: buffer, lastUse: useCounter)
        return true
    }

    public mutating func removeAll() {
        entries = [:]
    }
}
