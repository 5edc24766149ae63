import Glibc
import Synchronization

/// Tells when a file the alarms depend on changes: one that defines the system zone (`timedatectl set-timezone`
/// replaces /etc/localtime; a tzdata upgrade replaces the zone file it links to), the satellites' elements or the
/// config's `[location]` (pass alarms). The alarm timer wakes for it at once instead of the scheduler re-reading
/// them every minute, which would wake an idle laptop for nothing. inotify watches each
/// file's folder, filtered by name: the files are replaced by rename, which a watch on the file itself misses.
final class FileWatch: Sendable {
    /// Readable when something changed in a watched folder; `changed()` says whether it was one of the files.
    let descriptor: Int32
    private let files: @Sendable () -> [String]
    /// Watch descriptor → the names watched in its folder.
    private let watched = Mutex<[Int32: Set<String>]>([:])

    init?(files: @escaping @Sendable () -> [String]) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.files = files
        watchFiles()
    }

    deinit { close(descriptor) }

    /// Reads every queued event; true when one touched a watched file (or events were lost), and then the
    /// watches follow the files anew: the link may now point into another folder.
    func changed() -> Bool {
        var touched = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                // struct inotify_event: wd, mask, cookie, len, then len bytes of NUL-padded name.
                var offset = 0
                while offset + 16 <= count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let name = String(
                        decoding: raw[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 },
                        as: UTF8.self)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 || watched.withLock({ $0[watch]?.contains(name) ?? false }) {
                        touched = true
                    }
                    offset += 16 + length
                }
            }
        }
        if touched { watchFiles() }
        return touched
    }

    private func watchFiles() {
        watched.withLock { watched in
            for watch in watched.keys { inotify_rm_watch(descriptor, watch) }
            watched = [:]
            let events = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_ATTRIB)
            for file in files() {
                // A folder not made yet (the elements' cache before the first import) is watched for from the
                // nearest one that exists, by the name of the next folder down; once it is made, `changed()`
                // watches again, a level deeper.
                var path = Substring(file)
                while let slash = path.lastIndex(of: "/") {
                    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
                    let watch = inotify_add_watch(descriptor, folder, events)
                    if watch >= 0 {
                        watched[watch, default: []].insert(String(path[path.index(after: slash)...]))
                        break
                    }
                    guard errno == ENOENT || errno == ENOTDIR, slash != path.startIndex else { break }
                    path = path[..<slash]
                }
            }
        }
    }
}
