import ArgumentParser
import ClockFace

/// What the live satellite views (`iss compass`, `iss map`) take besides the satellite: one frame or live, the
/// frame's size, another instant than now; and how they show a face either way.
struct LiveViewOptions: ParsableArguments {
    @Flag(help: "Print one frame and exit (as when the output is not a terminal).")
    var once = false

    @Option(help: "With --once: the frame's size, e.g. 80x24.", transform: OptionValue.terminalSize)
    var size: TerminalSize?

    @Option(
        help: "Another instant than now: ISO-8601 with an offset or Z (live, it runs on from there).",
        transform: OptionValue.instant)
    var time: Double?

    /// One frame at `asked` (or `wall`) printed, with `--once` or when the output is not a terminal; else the face
    /// live on `LiveView` until `q`, from `asked` on if given.
    func show(asked: Double?, wall: Double, render: @escaping (_ unix: Double, _ size: TerminalSize) -> ClockFrame) {
        LiveView.show(
            once: once, size: size, asked: asked, wall: wall,
            render: render)
    }
}
