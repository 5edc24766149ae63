import ArgumentParser
import NoiseClient
import NoiseCore
import NoiseSystem
import Orbits

/// `noisectl iss elements`: the orbital elements kept for the satellite views, and importing them offline.
struct IssElements: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "elements",
        abstract: "List the kept orbital elements, or import some from a file (TLE or OMM JSON).",
        subcommands: [IssElementsList.self, IssElementsImport.self],
        defaultSubcommand: IssElementsList.self)
}

struct IssElementsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the kept elements and their age.")

    @Flag(help: "Print them as JSON: {\"satellites\": [{catalog_number, name, epoch_unix}], \"path\"}.")
    var json = false

    /// `--json`: each kept set as `status` names its fields (the download times are the daemon's, in `status`).
    struct Kept: Encodable {
        var catalogNumber: Int
        @ExplicitNull var name: String?
        var epochUnix: Double

        init(_ set: OrbitalElements) {
            catalogNumber = set.catalogNumber
            name = set.name
            epochUnix = set.epochUnix
        }
    }

    struct Listed: Encodable {
        var satellites: [Kept]
        var path: String
    }

    func run() throws {
        let kept = try ElementCache.user.readSets()
        if json { return Output.json(Listed(satellites: (kept ?? []).map(Kept.init), path: ElementCache.user.path)) }
        guard let sets = kept else {
            return Output.line("No elements kept yet. Import some: noisectl iss elements import FILE")
        }
        let now = WallTime.seconds()
        let rows = sets.map { set in
            [
                String(set.catalogNumber), set.name ?? "—", String(SatelliteView.utc(set.epochUnix).prefix(16)) + "Z",
                ((now - set.epochUnix) / 86_400).fixed(1) + " days"
                    + ((now - set.epochUnix) > 7 * 86_400 ? " (old)" : ""),
            ]
        }
        Output.table([["NUMBER", "NAME", "EPOCH", "AGE"]] + rows).forEach(Output.line)
    }
}

struct IssElementsImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Keep the elements in FILE (two-line sets or OMM JSON) for the satellite views.",
        discussion: """
            A bad file changes nothing: every set is read and checked first (a mean motion SGP4 models, an \
            eccentricity below 1, an epoch at most a day ahead, SGP4 carrying it a day). Sets of satellites already \
            kept replace them.
            Example: noisectl iss elements import stations.txt
            """)

    @Argument(help: "The file: two-line element sets (CelesTrak's .txt) or OMM JSON.")
    var file: String

    @Flag(help: "Print what was imported and what is kept as JSON, as 'iss elements list --json' does.")
    var json = false

    struct Imported: Encodable {
        var imported: [IssElementsList.Kept]
        var satellites: [IssElementsList.Kept]
        var path: String
    }

    func run() throws {
        let sets = try ElementFile.read(file, option: "FILE")
        let now = WallTime.seconds()
        for set in sets {
            do { try set.checkUsable(atUnix: now) } catch {
                throw ValidationError("FILE: \(file): \(error); nothing was imported")
            }
        }
        let all = try ElementCache.user.storeSets(sets)
        if json {
            return Output.json(
                Imported(
                    imported: sets.map(IssElementsList.Kept.init), satellites: all.map(IssElementsList.Kept.init),
                    path: ElementCache.user.path))
        }
        let names = sets.prefix(5).map { ($0.name ?? "satellite") + " (\($0.catalogNumber))" }.joined(separator: ", ")
        Output.line(
            "Imported \(sets.count) satellite\(sets.count == 1 ? "" : "s"): \(names)"
                + (sets.count > 5 ? ", …" : "") + "; \(all.count) kept in \(ElementCache.user.path)")
    }
}
