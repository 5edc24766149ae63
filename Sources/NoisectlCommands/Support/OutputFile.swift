import Glibc
import NoiseSystem

/// Every file a command writes where the user says (`gratitude export --output`, `life grid --svg` and `--png`;
/// `alarm export` when it comes): written whole or not at all (`LocalFile.replace`), and only to a regular file
/// or a path with nothing there yet. A device, a FIFO, a socket or a directory is refused with the reason: the
/// rename would put a file in its place (as root, `/dev/null` would become a readable copy of the diary).
enum OutputFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether the file is the user's own writing (the diary): a new one is then made 0600; a file there already
    /// keeps its permissions either way.
    enum Privacy {
        case everyone
        case owner

        var newFileMode: mode_t { self == .owner ? 0o600 : 0o666 }
    }

    /// Refuses, before any work, a path that `write` would refuse for what is there.
    static func check(_ path: String, option: String) throws(Failure) {
        if let problem = LocalFile.notRegularFile(path) { throw refusal(problem, option: option) }
    }

    static func write(_ path: String, _ bytes: [UInt8], option: String, privacy: Privacy = .everyone) throws(Failure) {
        do throws(LocalFile.Failure) {
            try LocalFile.replace(path, with: bytes, newFileMode: privacy.newFileMode)
        } catch {
            throw error.notRegularFile
                ? refusal(error.description, option: option)
                : Failure(description: "cannot write \(path): \(error)")
        }
    }

    /// `write`, with the contents handed over in pieces by `body`: a long export is never held whole. An error
    /// thrown by `body` leaves the file as it was and is thrown on.
    static func write(
        _ path: String, option: String, privacy: Privacy = .everyone,
        _ body: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        do { try LocalFile.replace(path, newFileMode: privacy.newFileMode, writing: body) } catch let error
            as LocalFile.Failure
        {
            throw error.notRegularFile
                ? refusal(error.description, option: option)
                : Failure(description: "cannot write \(path): \(error)")
        }
    }

    private static func refusal(_ problem: String, option: String) -> Failure {
        Failure(description: "\(problem); \(option) writes only to a regular file or a new path")
    }
}
