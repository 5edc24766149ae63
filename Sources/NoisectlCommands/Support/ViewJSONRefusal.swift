import ArgumentParser

/// `--json` on a full-screen view (`clock`, `stopwatch`, `iss map`, `iss compass`), which draws pictures and has no
/// data of its own to print: refused with where that data is, rather than argument-parser's "unknown option", which
/// guessed at another option (`--zone`).
struct ViewJSONRefusal: ParsableArguments {
    @Flag(help: .hidden)
    var json = false

    func validate() throws {
        guard json else { return }
        throw ValidationError(
            "--json: this is a full-screen view; it draws, and prints no JSON. Its data comes as JSON "
                + "from noisectl --json status, alarm next, iss now and iss passes")
    }
}
