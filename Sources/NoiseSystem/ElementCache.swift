import ArgumentParser
import NoiseCore
import NoiseSystem
import Orbits

/// The satellites' elements kept in `$XDG_CACHE_HOME/noised/elements/elements.json` (OMM JSON, full precision):
/// what `iss elements import` writes and every satellite view reads when not given `--elements`.
enum ElementCache {
    static var path: String { XDGPaths(environment: ProcessEnvironment.current).elementsFile }

    /// The kept sets; nil when none were ever imported.
    static func read() throws -> [OrbitalElements]? {
        let bytes: [UInt8]?
        do { bytes = try LocalFile.contents(of: path, maxBytes: 16 << 20, kind: "the elements file") } catch {
            throw ValidationError("\(error)")
        }
        guard let bytes else { return nil }
        do {
            return try OrbitMeanElementsMessage.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw ValidationError("\(path) is damaged (\(error)); import the elements again: noisectl iss elements import FILE")
        }
    }

    /// Adds `sets`, replacing the kept sets of the same satellites; the file is replaced whole (written beside it,
    /// then renamed), so a failure leaves the old one.
    static func store(_ sets: [OrbitalElements]) throws -> [OrbitalElements] {
        let numbers = Set(sets.map(\.catalogNumber))
        let kept = ((try? read()) ?? nil)?.filter { !numbers.contains($0.catalogNumber) } ?? []
        let all = (kept + sets).sorted { $0.catalogNumber < $1.catalogNumber }
        do { try LocalFile.replace(path, with: OrbitMeanElementsMessage.json(all)) } catch {
            throw ValidationError("\(error); nothing was imported")
        }
        return all
    }
}
