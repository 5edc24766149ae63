import Foundation

/// The files the daemon reads and writes (catalogs, imported sounds). One real implementation; the seam exists
/// so the catalog and import logic can be tested against a temporary folder and fault-injected later.
/// Methods block; callers run them at start-up or on a blocking-work thread, never on an actor.
public protocol FileSystem: Sendable {
    func contents(of path: String) throws -> [UInt8]
    func fileExists(_ path: String) -> Bool
    /// The names in a folder (not paths), unsorted.
    func contentsOfDirectory(_ path: String) throws -> [String]
    /// Writes through a temporary file and a rename, so a crash leaves the old file or the new one, never half.
    func writeAtomically(_ bytes: [UInt8], to path: String) throws
    func copyFile(from source: String, to destination: String) throws
    func createDirectory(_ path: String) throws
    func removeFile(_ path: String) throws
}

public struct LocalFileSystem: FileSystem {
    public init() {}

    public func contents(of path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    public func fileExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    public func copyFile(from source: String, to destination: String) throws {
        let temporary = destination + ".part"
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.copyItem(atPath: source, toPath: temporary)
        if rename(temporary, destination) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
        }
    }

    public func createDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func removeFile(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }
}
