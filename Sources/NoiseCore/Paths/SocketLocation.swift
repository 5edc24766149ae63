/// Where the control socket goes, and what its folders must be for no other user to be able to replace it: whoever
/// can write to the socket's folder can rename the socket and bind a server of their own in its place, which
/// `noisectl` would then talk to.
public struct SocketLocation: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// `$XDG_RUNTIME_DIR/noised/socket`: the session's own private folder.
        case runtimeDirectory
        /// `/tmp/noised-UID/noised/socket`, when the session has no `XDG_RUNTIME_DIR` (e.g. over plain ssh).
        case sharedTemporaryFolder
        /// `--socket PATH` or `NOISED_SOCKET`: the user chose the place.
        case chosen
    }

    /// The socket file.
    public var path: String
    public var origin: Origin

    /// The folder the socket is in.
    public var folder: String { Self.parent(of: path) }

    /// The folders the daemon names for itself, outermost first: each must be the user's own, mode 0700, and not a
    /// symbolic link; missing ones are created so. Empty for a place the user chose, whose folder need only be
    /// writable by nobody else (`SocketFolderRule.writableOnlyByUser`).
    public var privateFolders: [String] {
        switch origin {
        case .runtimeDirectory: [folder]
        case .sharedTemporaryFolder: [Self.parent(of: folder), folder]
        case .chosen: []
        }
    }

    /// The folder the private folders are made in (`$XDG_RUNTIME_DIR`, `/tmp`), or the chosen socket's folder.
    public var anchor: String { privateFolders.first.map(Self.parent(of:)) ?? folder }

    /// What the user can do when a folder is refused.
    public var remedy: String {
        switch origin {
        case .runtimeDirectory: "remove it (noised creates it itself)"
        case .sharedTemporaryFolder: "remove it (noised creates it itself) or set XDG_RUNTIME_DIR"
        case .chosen: "choose a socket in a folder only you can write to"
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }
}
