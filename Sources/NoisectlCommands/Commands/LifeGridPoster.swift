import ArgumentParser
import ClockFace
import LifeCalendar
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem

/// `noisectl life grid`: the life grid as a printable poster, SVG (and PNG through `rsvg-convert`); the life from
/// `--birth` or, without it, the one the daemon keeps.
struct LifeGridPoster: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Write the life grid as a printable A4 or A3 poster: SVG, or PNG through rsvg-convert.",
        discussion: """
            A cell a week, 52 columns, a row a year numbered every 5 years (every 10 past 100), lived weeks \
            filled, this week in red, weeks to come outlined. The page is in millimetres, so it prints at true \
            size. --png needs rsvg-convert (Debian: librsvg2-bin) and renders at \(SVGRasterizer.dotsPerInch) dpi.

            Examples:
              noisectl life grid --svg life.svg
              noisectl life grid --png life.png --paper a3
              noisectl life grid --svg life.svg --birth 1990-01-01 --years 85
            """)

    @OptionGroup var client: ClientOptions
    @OptionGroup var life: LifeOptions

    @Option(help: "Write the poster as SVG to this file.")
    var svg: String?

    @Option(help: "Write it as PNG to this file (needs rsvg-convert, Debian's librsvg2-bin).")
    var png: String?

    @Option(help: "The page: a4 or a3, portrait.")
    var paper: LifePoster.Paper = .a4

    func validate() throws {
        if svg == nil && png == nil { throw ValidationError("give --svg FILE or --png FILE (or both)") }
    }

    func run() throws {
        do {
            // Both refused before anything is drawn or written: a poster is all the files asked for or none.
            if let svg { try OutputFile.check(svg, option: "--svg") }
            if let png { try OutputFile.check(png, option: "--png") }
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        let poster = LifePoster.svg(try posterLife(), paper: paper)
        do {
            if let svg { try OutputFile.write(svg, Array(poster.utf8), option: "--svg") }
            if let png { try OutputFile.write(png, try SVGRasterizer.png(poster), option: "--png") }
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        /// `--json`: the files written, null for the kind not asked for.
        struct Written: Encodable {
            @ExplicitNull var svg: String?
            @ExplicitNull var png: String?
        }
        if client.json { return Output.json(Written(svg: svg, png: png)) }
        for file in [svg, png].compactMap({ $0 }) { Output.line("wrote \(file)") }
    }

    /// The life from `--birth`, else the daemon's (`life_show`); a daemon with no birth date is told to the user
    /// with how to set one.
    private func posterLife() throws -> LifePoster.Life {
        if let given = try life.given(systemToday: LifeOptions.systemToday()) {
            return LifePoster.Life(
                birth: given.span.birth, years: given.span.years, today: given.today,
                figures: given.figures)
        }
        var info: LifeInfo?
        try client.withDaemon { connection throws(ClientFailure) in
            info = try connection.call(Commands.LifeShow())
        }
        guard let info, let birth = info.birth, let figures = info.figures else {
            Output.error("no birth date is set; set it with '\(LifeText.setBirthHint)', or give --birth YYYY-MM-DD")
            throw ExitCode(1)
        }
        return LifePoster.Life(birth: birth, years: info.years, today: info.today, figures: figures)
    }
}

extension LifePoster.Paper: ExpressibleByArgument {}
