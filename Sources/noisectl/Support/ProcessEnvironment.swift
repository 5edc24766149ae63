import Glibc

/// The process's environment as a dictionary, read from `environ` directly: Foundation's
/// `ProcessInfo.environment` costs noisectl a fifth of its whole `status` on a cold start.
enum ProcessEnvironment {
    static var current: [String: String] {
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
}
