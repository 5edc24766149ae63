import NoiseCore
import NoiseSystem

/// When each satellite's elements were last downloaded (Unix seconds), kept in `downloads.json` beside the element
/// cache. Kept apart from the elements because an epoch is not a download time: a satellite whose newest
/// published set is days old would look due at every check. A set imported by hand has no entry, so it is
/// downloaded at the next check. Blocking file work: call it on `FileWork`.
struct DownloadTimes: Sendable {
    let path: String

    /// Beside the element cache's file.
    init(beside cache: ElementCache) {
        let folder = cache.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        path = folder.joined(separator: "/") + "/downloads.json"
    }

    private struct File: Codable {
        var downloaded: [String: Double]
    }

    /// The kept times; none when the file is missing. A damaged file counts as none (every satellite is
    /// downloaded again, which is harmless) and says why.
    func read() -> (times: [Int: Double], problem: String?) {
        do {
            guard let bytes = try LocalFile.contents(of: path, maxBytes: 1 << 20, kind: "the download times") else {
                return ([:], nil)
            }
            let file = try JSONCoding.decode(File.self, from: bytes)
            var times: [Int: Double] = [:]
            for (key, value) in file.downloaded {
                if let number = Int(key), value.isFinite { times[number] = value }
            }
            return (times, nil)
        } catch {
            return ([:], "\(path) is unreadable (\(error)); every satellite counts as never downloaded")
        }
    }

    /// Replaces the file (written beside it, then renamed).
    func write(_ times: [Int: Double]) throws {
        let file = File(downloaded: Dictionary(uniqueKeysWithValues: times.map { (String($0.key), $0.value) }))
        try LocalFile.replace(path, with: JSONCoding.pretty(file))
    }
}
