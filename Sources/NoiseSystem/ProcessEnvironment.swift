import Glibc

/// The process's environment and location, for both executables. Read from `environ` and `/proc` directly,
/// without Foundation, which the static client does not otherwise need here.
public enum ProcessEnvironment {
    /// Every variable, as a dictionary.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// One variable, nil when unset (`getenv`), for paths found without the whole environment (`XDGPaths`).
    @Sendable public static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The running binary's real path (through /proc, so a relative argv[0] or a symlink does not fool it).
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
