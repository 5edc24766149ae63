import Glibc
import NoiseCore
import NoiseTime

/// The tz database as Debian's `tzdata` installs it, read with plain `open`/`read` so neither executable loads
/// Foundation or ICU for it.
public struct SystemTimeZoneSource: TimeZoneSource {
    public let zoneinfo: String
    public let localtime: String
    /// `$TZ`, the only variable read; nil when unset, which differs from set but empty (UTC, as glibc has it).
    let tz: String?

    public init(
        zoneinfo: String = "/usr/share/zoneinfo",
        localtime: String = "/etc/localtime",
        environment: [String: String]
    ) {
        self.zoneinfo = zoneinfo.count > 1 && zoneinfo.hasSuffix("/") ? String(zoneinfo.dropLast()) : zoneinfo
        self.localtime = localtime
        self.tz = environment["TZ"]
    }

    public func zone(named identifier: String) throws(ZoneRules.Failure) -> ZoneRules {
        guard ZoneName.isWellFormed(identifier), let bytes = Self.contents(ofFile: zoneinfo + "/" + identifier),
            let rules = try? ZoneRules(tzif: bytes, identifier: identifier)
        else { throw ZoneRules.Failure.unknownZone(identifier) }
        return rules
    }

    /// Follows glibc's `tzset`: an empty `$TZ` is UTC; a leading ':' is dropped; a file is tried before a POSIX
    /// string; absolute paths are honoured (the environment is the user's own, unlike names sent to the daemon).
    public func systemZoneReading() -> (rules: ZoneRules, problem: String?) {
        guard let tz else { return localZone() }
        if tz.isEmpty { return (.utc, nil) }
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if name.isEmpty { return localZone() }
        if name.hasPrefix("/") {
            if let bytes = Self.contents(ofFile: name),
                let rules = try? ZoneRules(tzif: bytes, identifier: identifier(forPath: name) ?? name)
            {
                return (rules, nil)
            }
        } else if let rules = try? zone(named: name) {
            return (rules, nil)
        }
        if let rules = try? ZoneRules(posix: name, identifier: name) { return (rules, nil) }
        let shown = String(tz.prefix(64))
        return (
            .utc,
            "TZ=\"\(shown)\" is neither a zone in \(zoneinfo) nor a POSIX TZ string; using UTC (set TZ to a zone such as Europe/Berlin, or unset it)"
        )
    }

    /// The files whose change can change the system zone, for a watch: /etc/localtime (or the file `$TZ` names)
    /// and the zone file a link resolves to, which a tzdata upgrade replaces. Empty when `$TZ` fixes the zone.
    public var filesDefiningSystemZone: [String] {
        let file: String
        if let tz {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if tz.isEmpty { return [] }
            file = name.isEmpty ? localtime : name.hasPrefix("/") ? name : zoneinfo + "/" + name
        } else {
            file = localtime
        }
        guard let resolved = realpath(file, nil) else { return [file] }
        defer { free(resolved) }
        let target = String(cString: resolved)
        return target == file ? [file] : [file, target]
    }

    public func identifiers() -> [String] {
        var found: [String] = []
        collect(directory: zoneinfo, prefix: "", into: &found)
        return found.sorted()
    }

    private func localZone() -> (rules: ZoneRules, problem: String?) {
        guard let bytes = Self.contents(ofFile: localtime),
            let rules = try? ZoneRules(tzif: bytes, identifier: identifier(forPath: localtime) ?? "localtime")
        else {
            return (
                .utc, "\(localtime) cannot be read as a zone file; using UTC (set the zone with timedatectl, or TZ)"
            )
        }
        return (rules, nil)
    }

    /// The IANA name of a zone file: its path under zoneinfo, or where its symlink points under a zoneinfo folder
    /// (Debian's /etc/localtime -> /usr/share/zoneinfo/Europe/Berlin). posix/ holds the same zones, so it is dropped.
    func identifier(forPath path: String) -> String? {
        var name: String?
        if path.hasPrefix(zoneinfo + "/") {
            name = String(path.dropFirst(zoneinfo.count + 1))
        } else if let target = Self.symlinkTarget(path) {
            if target.hasPrefix(zoneinfo + "/") {
                name = String(target.dropFirst(zoneinfo.count + 1))
            } else {
                let parts = target.split(separator: "/")
                if let folder = parts.lastIndex(of: "zoneinfo"), folder < parts.count - 1 {
                    name = parts[(folder + 1)...].joined(separator: "/")
                }
            }
        }
        if let named = name, named.hasPrefix("posix/") { name = String(named.dropFirst(6)) }
        return name.flatMap { ZoneName.isWellFormed($0) ? $0 : nil }
    }

    private func collect(directory: String, prefix: String, into found: inout [String]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            if prefix.isEmpty && ["posix", "right", "localtime", "posixrules"].contains(name) { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                collect(directory: path, prefix: prefix + name + "/", into: &found)
            } else if Self.contents(ofFile: path, limit: 4) == Array("TZif".utf8) {
                found.append(prefix + name)
            }
        }
    }

    /// The first `limit` bytes of a regular file (following symlinks), or nil. Non-blocking open, so a FIFO
    /// planted in the folder cannot hang the caller.
    public static func contents(ofFile path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while result.count < limit {
            let wanted = min(chunk.count, limit - result.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            result += chunk[0..<count]
        }
        return result
    }

    private static func symlinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
