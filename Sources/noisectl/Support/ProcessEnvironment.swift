import Glibc

/// The process's environment as a dictionary, read from `environ` directly: Foundation's
/// `ProcessInfo.environment` costs noisectl a fifth of its whole `status` on a cold start.
enum ProcessEnvironment {
    static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // Split at the first '=' on the bytes: searching a String for a Character costs far more.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let nameLength = pointer.distance(to: equals)
                let name = pointer.withMemoryRebound(to: UInt8.self, capacity: nameLength) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: nameLength), as: UTF8.self)
                }
                variables[name] = String(cString: equals + 1)
            }
            entry += 1
        }
        return variables
    }

    /// One variable, nil when unset (`getenv`), for paths found without the whole environment (`XDGPaths`).
    @Sendable static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
