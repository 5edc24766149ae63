import Glibc
import NoiseSystem

/// Turns an SVG into a PNG with librsvg's `rsvg-convert` (Debian: librsvg2-bin), run as a child process: a
/// well-kept renderer, rather than a rasteriser of our own for one poster. It works in a private temporary
/// folder and hands back the PNG's bytes, for `OutputFile` to write.
enum SVGRasterizer {
    static let tool = "rsvg-convert"
    static let package = "librsvg2-bin"
    /// Print resolution: an A4 page is 2480 × 3508 pixels.
    static let dotsPerInch = 300

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func png(_ svg: String) throws(Failure) -> [UInt8] {
        guard let executable = onPath(tool) else {
            throw Failure(
                description: "--png needs \(tool), which is not installed: install Debian's \(package) "
                    + "(sudo apt install \(package)), or write --svg and convert it elsewhere")
        }
        let base = ProcessEnvironment.variable("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/noisectl-poster-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw Failure(description: "cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        let folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let (source, output) = (folder + "/poster.svg", folder + "/poster.png")
        defer { unlink(source); unlink(output); rmdir(folder) }
        do { try LocalFile.replace(source, with: Array(svg.utf8)) } catch { throw Failure(description: "\(error)") }
        let status = run(
            executable,
            [
                "--format", "png", "--dpi-x", "\(dotsPerInch)", "--dpi-y", "\(dotsPerInch)",
                "--output", output, source,
            ])
        guard status == 0 else { throw Failure(description: "\(tool) failed (exit status \(status)); nothing written") }
        do {
            guard let bytes = try LocalFile.contents(of: output, maxBytes: 256 << 20, kind: "a poster") else {
                throw Failure(description: "\(tool) wrote nothing; nothing written")
            }
            return bytes
        } catch let failure as Failure { throw failure } catch { throw Failure(description: "\(error)") }
    }

    /// The first executable `name` in `$PATH`.
    static func onPath(_ name: String) -> String? {
        let folders = (ProcessEnvironment.variable("PATH") ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs `executable` with stdin from /dev/null and our stdout and stderr (its messages reach the user), and
    /// waits: its exit status, or -1 when it could not start.
    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, executable, &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // Exited normally: the status is in bits 8 to 15; killed by a signal: report it as failed.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
