import ArgumentParser
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
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the kept elements and their age.")

    func run() throws {
        guard let sets = try ElementCache.user.readSets() else {
            return Output.line("No elements kept yet. Import some: noisectl iss elements import FILE")
        }
        let now = WallTime.seconds()
        let rows = sets.map { set in
            [String(set.catalogNumber), set.name ?? "—", String(IssText.utc(set.epochUnix).prefix(16)) + "Z",
             ((now - set.epochUnix) / 86_400).fixed(1) + " days" + ((now - set.epochUnix) > 7 * 86_400 ? " (old)" : "")]
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

    func run() throws {
        let sets = try ElementFile.read(file, option: "FILE")
        let now = WallTime.seconds()
        for set in sets {
            do { try set.checkUsable(atUnix: now) } catch {
                throw ValidationError("FILE: \(file): \(error); nothing was imported")
            }
        }
        let all = try ElementCache.user.storeSets(sets)
        let names = sets.prefix(5).map { ($0.name ?? "satellite") + " (\($0.catalogNumber))" }.joined(separator: ", ")
        Output.line("Imported \(sets.count) satellite\(sets.count == 1 ? "" : "s"): \(names)"
            + (sets.count > 5 ? ", …" : "") + "; \(all.count) kept in \(ElementCache.user.path)")
    }
}
