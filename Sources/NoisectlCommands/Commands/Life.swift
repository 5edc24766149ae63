import ArgumentParser

/// `noisectl life`: the life calendar (docs/life.md): the death clock and the life grid in the terminal, the grid
/// as a poster.
struct Life: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "life",
        abstract: "Your life in weeks: the days remaining, the life grid, today's bonus; the grid as a poster.",
        subcommands: [LifeShow.self, LifeSet.self, LifeGridPoster.self],
        defaultSubcommand: LifeShow.self)
}
