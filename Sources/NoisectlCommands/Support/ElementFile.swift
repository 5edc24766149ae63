import ArgumentParser
import NoiseSystem
import Orbits

/// An element file named on the command line (`--elements`): two-line elements or OMM JSON, read and parsed; a
/// problem names the file, the line and the column.
enum ElementFile {
    static func read(
        _ path: String, option: String = "--elements", checkingChecksums: Bool = true
    ) throws -> [OrbitalElements] {
        let bytes: [UInt8]?
        do {
            bytes = try LocalFile.contents(of: path, maxBytes: 16 << 20, kind: "an element file")
        } catch {
            throw ValidationError("\(option): \(error)")
        }
        guard let bytes else { throw ValidationError("\(option): \(path) does not exist") }
        do {
            let text = String(decoding: bytes, as: UTF8.self)
            // CelesTrak's OMM JSON is an array (or one object); anything else is read as two-line elements.
            if let first = text.first(where: { !$0.isWhitespace }), first == "[" || first == "{" {
                return try OrbitMeanElementsMessage.parse(text)
            }
            return try TwoLineElements.parse(text, checkingChecksums: checkingChecksums)
        } catch {
            throw ValidationError("\(option): \(path), \(error)")
        }
    }
}

extension ElementCache {
    /// This user's kept elements, its failures as usage errors.
    static var user: ElementCache { ElementCache(environment: ProcessEnvironment.current) }

    func readSets() throws -> [OrbitalElements]? {
        do { return try read() } catch { throw ValidationError(error.description) }
    }

    func storeSets(_ sets: [OrbitalElements]) throws -> [OrbitalElements] {
        // The daemon's downloads store under the same lock, so neither loses the other's sets.
        do { return try LocalFile.whileFolderLocked(holding: path) { try store(sets) } } catch {
            throw ValidationError("\(error); nothing was imported")
        }
    }
}
