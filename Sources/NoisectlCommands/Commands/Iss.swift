import ArgumentParser
import Orbits

/// `noisectl iss`: the ISS and other satellites from their orbital elements, computed here (docs/satellites.md).
struct Iss: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iss",
        abstract: "The ISS (or any satellite) from its orbital elements: SGP4, computed here.",
        subcommands: [IssPasses.self, IssNow.self, IssMap.self, IssCompass.self, IssElements.self, IssPropagate.self])
}

/// `noisectl iss propagate`: SGP4's raw TEME states, for power users and checks against other implementations.
struct IssPropagate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "propagate",
        abstract: "Print SGP4's TEME position (km) and velocity (km/s) at minutes from the elements' epoch.",
        discussion: """
            Examples:
              noisectl iss propagate --elements iss.tle --minutes 0,360,720
              noisectl iss propagate --elements stations.txt --satellite 25544 --minutes 0 --json
            """)

    @OptionGroup var options: ClientOptions

    @Option(help: "A file of two-line (or three-line) element sets.")
    var elements: String

    @Option(help: "Which set in the file, by catalog number (default: the first).")
    var satellite: Int?

    @Option(help: "Minutes from the epoch, comma-separated, e.g. 0,360,720 (negative: before it).")
    var minutes: String

    @Flag(help: "Accept sets whose line checksums are wrong (SGP4's verification set has some on purpose).")
    var ignoreChecksums = false

    func validate() throws {
        _ = try times()
    }

    func run() throws {
        let sets = try ElementFile.read(elements, checkingChecksums: !ignoreChecksums)
        guard let set = satellite.map({ number in sets.first { $0.catalogNumber == number } }) ?? sets.first else {
            let numbers = sets.prefix(10).map { String($0.catalogNumber) }.joined(separator: ", ")
            throw ValidationError(
                "--satellite \(satellite!): no such catalog number in \(elements) (it has \(numbers))")
        }
        let model = SGP4(set)
        let states = try times().map { minutes -> State in
            do throws(SGP4Error) {
                let (r, v) = try model.state(minutesSinceEpoch: minutes)
                return State(minutes: minutes, rKm: r.array, vKmS: v.array, error: nil)
            } catch {
                return State(
                    minutes: minutes, rKm: nil, vKmS: nil,
                    error: StateError(code: error.code, name: error.name, message: error.description))
            }
        }
        if options.json { return Output.json(Reply(catalogNumber: set.catalogNumber, states: states)) }
        for state in states {
            guard let r = state.rKm, let v = state.vKmS else {
                Output.line(
                    IssText.fixed(state.minutes, 8, width: 17) + "  error \(state.error!.code): \(state.error!.message)"
                )
                continue
            }
            Output.line(
                IssText.fixed(state.minutes, 8, width: 17) + r.map { IssText.fixed($0, 8, width: 17) }.joined()
                    + v.map { IssText.fixed($0, 9, width: 13) }.joined())
        }
    }

    func times() throws -> [Double] {
        let parts = minutes.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...10_000).contains(parts.count) else { throw ValidationError("--minutes takes 1 to 10000 times") }
        return try parts.map { part in
            guard let value = Double(part.filter { $0 != " " }), value.isFinite, abs(value) <= 1e7 else {
                throw ValidationError("--minutes: '\(part.prefix(20))' is not a number of minutes (e.g. 0,360,-1440.5)")
            }
            return value
        }
    }

    struct Reply: Encodable {
        var catalogNumber: Int
        var states: [State]
    }

    struct State: Encodable {
        var minutes: Double
        var rKm: [Double]?
        var vKmS: [Double]?
        var error: StateError?
    }

    struct StateError: Encodable {
        var code: Int
        var name: String
        var message: String
    }
}
