import ArgumentParser
import ClockFace
import LifeCalendar
import NoiseCore
import NoiseProtocol
import NoiseTime

/// `noisectl life set`: the birth date and the life expectancy the daemon keeps for the life view.
struct LifeSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract:
            "Keep your birth date and life expectancy (default \(LifeLimits.defaultLifeYears) years) for the life view.",
        discussion: "Stored by the daemon, never logged. Example: noisectl life set --birth 1990-01-01 --years 85")

    @OptionGroup var options: ClientOptions
    @Option(help: "Your birth date, YYYY-MM-DD.", transform: OptionValue.date) var birth: LocalDate
    @Option(help: "Life expectancy, \(LifeLimits.lifeYears.lowerBound) to \(LifeLimits.lifeYears.upperBound) years.")
    var years = LifeLimits.defaultLifeYears

    func validate() throws {
        do { _ = try LifeSpan(birth: birth, years: years) } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        try options.send(Commands.LifeSet(birth: birth, years: years)) { info in
            guard let figures = info.figures, let birth = info.birth else { return Output.line("Saved.") }
            Output.line(
                "Saved: born \(birth), \(info.years) years expected (to \(figures.expectedEndDate)). "
                    + "\(LifeText.remaining(figures)), \(LifeText.percent(figures)) lived.")
        }
    }
}
