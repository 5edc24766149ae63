import Glibc
import NoiseCore
import NoiseSystem

/// The user's editor on a text: `$VISUAL`, else `$EDITOR`, else `editor` (Debian's alternative), run through
/// `sh` so that a value with arguments (`code --wait`) works, on a private temporary file, on this terminal.
enum TextEditor {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The text as the editor left it, or nil when the editor failed or left the text as it was.
    static func edit(_ text: String, name: String) throws -> String? {
        let editor =
            ["VISUAL", "EDITOR"].lazy.compactMap { ProcessEnvironment.variable($0) }.first { !$0.isEmpty } ?? "editor"
        let folder = ProcessEnvironment.variable("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/noisectl-\(name)-XXXXXX.md".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        guard descriptor >= 0 else {
            throw Failure(description: "cannot make a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var keep = false
        defer { if !keep { unlink(path) } }
        let written = Array(text.utf8).withUnsafeBytes { LocalFile.writeAll($0, to: descriptor) }
        close(descriptor)
        guard written else { throw Failure(description: "cannot write \(path)") }
        let command: [String] = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, "/bin/sh", nil, nil, argv, environ) == 0 else {
            throw Failure(description: "cannot start the editor '\(editor)'")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw Failure(description: "the editor '\(editor)' failed (set $VISUAL or $EDITOR); nothing was saved")
        }
        // Read as bytes and checked, never decoded with U+FFFD put in: what is saved is what was written. The
        // file stays for the writing to be mended, not lost.
        switch UTF8Text.decode(try LocalFile.contents(of: path, kind: "a diary entry") ?? []) {
        case .success(let result): return result == text ? nil : result
        case .failure(let problem):
            keep = true
            throw Failure(description: "the editor's text \(problem); nothing was saved (the text is kept in \(path))")
        }
    }
}
