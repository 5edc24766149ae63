import ArgumentParser
import NoiseClient
import NoiseConfig
import NoiseCore

/// `noisectl world add`: saves zones to `world.zones` in config.toml, each checked against the tz database
/// first, so a typo saves nothing.
struct WorldAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save zones for 'noisectl world' (in config.toml, [world] zones).",
        discussion: """
            Every zone is checked against the system's tz database before anything is
            saved; a zone already saved is said and skipped. At most \(ConfigLimits.maxWorldZones) zones.
            Example: noisectl world add Europe/Berlin Asia/Kolkata
            """)

    @OptionGroup var options: ClientOptions

    @Argument(help: "IANA zone names, e.g. Europe/Berlin America/New_York.", completion: .timeZones)
    var zones: [String]

    /// The zones' names as the tz database has them, read in `validate()`: every unknown one is named in one
    /// message, before anything is saved.
    var checked = Validated<[String]>()

    mutating func validate() throws {
        checked.value = try World.zoneRules(zones, from: World.zoneSource).map(\.identifier)
    }

    func run() throws {
        let store = ConfigStore()
        let reply = try World.updateZones(in: store) { saved in
            var zones = saved
            var added: [String] = []
            var alreadySaved: [String] = []
            for zone in checked.value {
                if zones.contains(zone) {
                    if !alreadySaved.contains(zone) { alreadySaved.append(zone) }
                } else {
                    zones.append(zone)
                    added.append(zone)
                }
            }
            guard zones.count <= ConfigLimits.maxWorldZones else {
                Output.error(
                    "at most \(ConfigLimits.maxWorldZones) zones can be saved; \(saved.count) are, "
                        + "and \(added.count) more would make \(zones.count); remove some first: noisectl world remove ZONE; "
                        + "nothing was saved")
                throw ExitCode(1)
            }
            return (zones, Reply(zones: zones, added: added, alreadySaved: alreadySaved))
        }
        if options.json { return Output.json(reply) }
        reply.alreadySaved.forEach { Output.line("\($0) is already saved.") }
        reply.added.forEach { Output.line("Added \($0).") }
        if !reply.added.isEmpty { Output.line("Saved in \(store.path).") }
    }

    struct Reply: Encodable {
        var zones: [String]
        var added: [String]
        var alreadySaved: [String]
    }
}
