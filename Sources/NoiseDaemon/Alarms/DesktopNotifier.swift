import Foundation

/// Shows a desktop notification through `notify-send` when it is installed: an alarm that cannot be heard
/// still shows up on screen. Fire and forget; a missing or failing `notify-send` changes nothing.
public struct DesktopNotifier: Sendable {
    let executable: String?

    public init(environment: [String: String]) {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        executable = path.split(separator: ":").map { "\($0)/notify-send" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public func notify(title: String, body: String) {
        guard let executable else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--urgency=critical", "--app-name=noised", title, body]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
