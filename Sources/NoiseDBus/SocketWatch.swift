import Glibc

/// Watches for a bus's socket to appear (inotify on its folder), so a bus that is not there yet is connected the
/// moment it is, without waking up to look.
final class SocketWatch {
    let descriptor: Int32
    private var watched: [Int32: (folder: String, names: [String: BusKind])] = [:]

    init() {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Starts watching for `path`; returns why it cannot be watched, if it cannot.
    func watch(_ path: String, for kind: BusKind) -> String? {
        guard descriptor >= 0 else { return "cannot watch for the socket: inotify is unavailable" }
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB)
        let id = inotify_add_watch(descriptor, folder, mask)
        guard id >= 0 else { return "cannot watch \(folder) for the socket: \(String(cString: strerror(errno)))" }
        watched[id, default: (folder, [:])].names[name] = kind
        return nil
    }

    /// The buses whose sockets appeared since the last call.
    func appeared() -> Set<BusKind> {
        var kinds: Set<BusKind> = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (id, length, name) = buffer.withUnsafeBytes { raw -> (Int32, Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<start + Int(event.len)].prefix { $0 != 0 }
                    return (event.wd, Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                if let kind = watched[id]?.names[name] { kinds.insert(kind) }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return kinds
    }
}
