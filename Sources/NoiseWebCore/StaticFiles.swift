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
            throw LocalFile.Failure(description: "the web root \(root) cannot be opened: \(String(cString: strerror(errno)))")
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
            !name.isEmpty && name.first != "." && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
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

    /// The file's bytes and type, or nil when there is no such file to serve.
    public func file(at path: String) -> (bytes: [UInt8], contentType: String)? {
        guard let relative = Self.relativePath(path), let type = Self.contentType(of: relative),
              let real = realpath(root + "/" + relative, nil) else { return nil }
        let resolved = String(cString: real)
        free(real)
        guard resolved.hasPrefix(root + "/"),
              let bytes = try? LocalFile.contents(of: resolved, maxBytes: Self.maxFileBytes, kind: "a page's file") else {
            return nil
        }
        return (bytes, type)
    }
}
