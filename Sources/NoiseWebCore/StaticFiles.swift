import Glibc
import NoiseSystem

/// The files of the web root (`web/`, installed as `PREFIX/share/noiseclock/web`): only regular files under it, of
/// a type in `contentTypes`, by a path of plain names (no `..`, no hidden files); one whose real path leaves the
/// root through a link is refused.
public struct StaticFiles: Sendable {
    /// The root's real path.
    public let root: String

    /// The types served, by extension; anything else is not found.
    public static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/x-icon",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
    ]
    /// No file of the page is near this; a bigger one is not served.
    static let maxFileBytes = 4 << 20

    /// Fails when `root` is not a folder.
    public init(root: String) throws(LocalFile.Failure) {
        guard let real = realpath(root, nil) else {
            throw LocalFile.Failure(
                description: "the web root \(root) cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { free(real) }
        self.root = String(cString: real)
        var info = stat()
        guard stat(self.root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw LocalFile.Failure(description: "the web root \(root) is not a folder")
        }
    }

    /// The relative path a request's path names, or nil when it is not a plain one. `/` is `index.html`, and a
    /// page's name alone is its HTML file (`/mars` is `mars.html`), so the pages' addresses are short.
    public static func relativePath(_ path: String) -> String? {
        var relative = path == "/" ? "index.html" : String(path.dropFirst())
        if !relative.isEmpty && !relative.contains(".") && !relative.contains("/") { relative += ".html" }
        guard path.hasPrefix("/"), relative.utf8.count <= 200 else { return nil }
        let names = relative.split(separator: "/", omittingEmptySubsequences: false)
        let plain = names.allSatisfy { name in
            !name.isEmpty && name.first != "."
                && name.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                }
        }
        return plain ? relative : nil
    }

    /// The content type a path's extension gives, or nil for a type not served.
    public static func contentType(of relative: String) -> String? {
        guard let dot = relative.lastIndex(of: "."), !relative[dot...].contains("/") else { return nil }
        return contentTypes[relative[relative.index(after: dot)...].lowercased()]
    }

    /// A file to serve: its bytes (none when the browser's copy is current), type and validator.
    public struct File: Sendable {
        /// nil when `unchanged`: the browser's copy is this one, and nothing is read.
        public var bytes: [UInt8]?
        public var contentType: String
        /// The strong validator: the file's inode, size and modification time, which change with any install or edit.
        public var tag: String
        public var unchanged: Bool { bytes == nil }
    }

    /// The file at `path`, or nil when there is no such file to serve. `knownTags` is the request's `If-None-Match`:
    /// when it names the file's current tag (or is `*`), the file is not read and the answer is **304**.
    public func file(at path: String, knownTags: String? = nil) -> File? {
        guard let relative = Self.relativePath(path), let type = Self.contentType(of: relative),
            let real = realpath(root + "/" + relative, nil)
        else { return nil }
        let resolved = String(cString: real)
        free(real)
        var info = stat()
        guard resolved.hasPrefix(root + "/"), stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        let tag =
            "\""
            + [
                UInt64(info.st_ino), UInt64(info.st_size),
                UInt64(info.st_mtim.tv_sec) * 1_000_000_000
                    + UInt64(info.st_mtim.tv_nsec),
            ].map { String($0, radix: 16) }.joined(separator: "-") + "\""
        if let knownTags, Self.matches(knownTags, tag) { return File(bytes: nil, contentType: type, tag: tag) }
        guard let bytes = try? LocalFile.contents(of: resolved, maxBytes: Self.maxFileBytes, kind: "a page's file")
        else {
            return nil
        }
        return File(bytes: bytes, contentType: type, tag: tag)
    }

    /// Whether an `If-None-Match` list (RFC 9110 §13.1.2: `*`, or entity tags, weak ones compared weakly; a tag
    /// holds no space) names `tag`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var value = candidate.filter { $0 != " " && $0 != "\t" }
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag || value == "*"
        }
    }
}
