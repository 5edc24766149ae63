import ArgumentParser
import LifeCalendar
import NoiseCore
import NoiseProtocol
import NoiseSystem

/// What `gratitude import` reads: the JSON `gratitude export --format json` writes, or its Markdown (which keeps
/// no saved times), checked whole (`DiaryImport`) and sent to the daemon in batches that each fit a request line.
enum GratitudeImportFile {
    static func read(_ path: String) throws -> [GratitudeEntry] {
        let bytes: [UInt8]?
        do { bytes = try LocalFile.contents(of: path, maxBytes: 64 << 20, kind: "a diary export") } catch {
            throw ValidationError("\(error)")
        }
        guard let bytes else { throw ValidationError("\(path) does not exist") }
        if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "#") {
            return try markdown(bytes, path: path)
        }
        do {
            return try JSONCoding.decode(GratitudeEntries.self, from: bytes).entries
        } catch {
            throw ValidationError(
                "\(path) is not a diary export ({\"entries\": [{\"date\", \"text\", \"saved_at\"}]}, as "
                    + "'noisectl gratitude export --format json' writes, or its Markdown): \(JSONCoding.reason(error))")
        }
    }

    private static func markdown(_ bytes: [UInt8], path: String) throws -> [GratitudeEntry] {
        let text: String
        switch UTF8Text.decode(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let problem): throw ValidationError("\(path) \(problem)")
        }
        do { return try DiaryMarkdown.entries(text) } catch {
            throw ValidationError(
                "\(path) is not the diary's Markdown export (as 'noisectl gratitude export' writes): \(error)")
        }
    }

    /// Entries in order, grouped so each request stays well inside `Limits.maxLineBytes`.
    static func batches(_ entries: [GratitudeEntry]) -> [GratitudeEntries] {
        let budget = Limits.maxLineBytes * 3 / 4
        var batches: [GratitudeEntries] = []
        var current: [GratitudeEntry] = []
        var size = 0
        for entry in entries {
            let bytes = (try? JSONCoding.line(entry).count) ?? budget
            if !current.isEmpty && size + bytes > budget {
                batches.append(GratitudeEntries(entries: current))
                current = []
                size = 0
            }
            current.append(entry)
            size += bytes + 1
        }
        if !current.isEmpty { batches.append(GratitudeEntries(entries: current)) }
        return batches
    }
}
