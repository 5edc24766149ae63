import ArgumentParser
import ClockFace

/// What the live satellite views (`iss compass`, `iss map`) take besides the satellite: one frame or live, the
/// frame's size, another instant than now; and how they show a face either way.
struct LiveViewOptions: ParsableArguments {
    @Flag(help: "Print one frame and exit (as when the output is not a terminal).")
    var once = false

    @Option(help: "With --once: the frame's size, e.g. 80x24.")
    var size: String?

    @Option(help: "Another instant than now: ISO-8601 with an offset or Z (live, it runs on from there).")
    var time: String?

    func validate() throws {
        _ = try asked()
        if let size, TerminalSize(parsing: size) == nil {
            throw ValidationError("--size: give COLUMNSxROWS, e.g. 80x24")
        }
    }

    /// The `--time` instant, or nil for now.
    func asked() throws -> Double? {
        try InstantOption.parse(time, option: "--time")
    }

    /// One frame at `asked` (or `wall`) printed, with `--once` or when the output is not a terminal; else the face
    /// live on `LiveView` until `q`, from `asked` on if given.
    func show(asked: Double?, wall: Double, render: @escaping (_ unix: Double, _ size: TerminalSize) -> ClockFrame) {
        LiveView.show(once: once, size: size.flatMap(TerminalSize.init(parsing:)), asked: asked, wall: wall,
                      render: render)
    }
}
