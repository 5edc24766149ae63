import NoiseCore
import Orbits

/// The satellites' elements kept in `$XDG_CACHE_HOME/noised/elements/elements.json` (OMM JSON, full precision):
/// what `iss elements import` and the daemon's downloads write, and what every satellite view and pass alarm reads.
public struct ElementCache: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public init(environment: [String: String]) {
        self.init(path: XDGPaths(environment: environment).elementsFile)
    }

    /// What is wrong with the file, said so that the fix follows.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The kept sets; nil when none were ever kept.
    public func read() throws(Failure) -> [OrbitalElements]? {
        let bytes: [UInt8]?
        do { bytes = try LocalFile.contents(of: path, maxBytes: 16 << 20, kind: "the elements file") } catch {
            throw Failure(description: error.description)
        }
        guard let bytes else { return nil }
        do {
            return try OrbitMeanElementsMessage.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw Failure(
                description:
                    "\(path) is damaged (\(error)); import the elements again: noisectl iss elements import FILE")
        }
    }

    /// Adds `sets`, replacing the kept sets of the same satellites; the file is replaced whole (written beside it,
    /// then renamed), so a failure leaves the old one. Returns all the sets kept.
    public func store(_ sets: [OrbitalElements]) throws(Failure) -> [OrbitalElements] {
        let numbers = Set(sets.map(\.catalogNumber))
        let kept = ((try? read()) ?? nil)?.filter { !numbers.contains($0.catalogNumber) } ?? []
        let all = (kept + sets).sorted { $0.catalogNumber < $1.catalogNumber }
        do { try LocalFile.replace(path, with: OrbitMeanElementsMessage.json(all)) } catch {
            throw Failure(description: "\(error)")
        }
        return all
    }
}
