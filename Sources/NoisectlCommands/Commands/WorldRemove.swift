import ArgumentParser
import NoiseClient
import NoiseCore

/// `noisectl world remove`: takes zones out of `world.zones` in config.toml. All or nothing: a zone that is
/// not saved removes none, so a typo cannot leave half the change made.
struct WorldRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove saved zones from 'noisectl world'.",
        discussion: "Example: noisectl world remove Europe/Berlin")

    @OptionGroup var options: ClientOptions

    @Argument(help: "Saved zone names, as 'noisectl world add' took them.", completion: .savedZones)
    var zones: [String]

    func run() throws {
        let reply = try World.updateZones(in: ConfigStore()) { saved in
            let missing = zones.filter { !saved.contains($0) }
            guard missing.isEmpty else {
                let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                let which = saved.isEmpty ? "no zone is saved" : "the saved zones are " + saved.joined(separator: ", ")
                Output.error("\(names) \(missing.count == 1 ? "is" : "are") not saved; \(which); nothing was removed")
                throw ExitCode(1)
            }
            let kept = saved.filter { !zones.contains($0) }
            return (kept, Reply(zones: kept, removed: saved.filter { zones.contains($0) }))
        }
        if options.json { return Output.json(reply) }
        reply.removed.forEach { Output.line("Removed \($0).") }
        Output.line(
            reply.zones.isEmpty
                ? "No world clocks are saved now."
                : "Saved zones: " + reply.zones.joined(separator: ", ") + ".")
    }

    struct Reply: Encodable {
        var zones: [String]
        var removed: [String]
    }
}
