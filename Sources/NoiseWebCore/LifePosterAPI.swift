import ClockFace
import NoiseProtocol

/// `/api/life/poster.svg`: the life grid's printable poster, drawn by `LifePoster` (the one `noisectl life grid
/// --svg` writes) from the daemon's `life_show`, so the page's download and the terminal's file are the same drawing.
public enum LifePosterAPI {
    /// `paper` from the query: `a4` (the default) or `a3`.
    public static func paper(_ text: String?) -> Result<LifePoster.Paper, WebRefusal> {
        guard let text else { return .success(.a4) }
        guard let paper = LifePoster.Paper(rawValue: text.lowercased()) else {
            let accepted = LifePoster.Paper.allCases.map(\.rawValue).joined(separator: " or ")
            return .failure(
                WebRefusal(
                    status: 400, code: "invalid_argument",
                    message: "'paper' must be \(accepted); got '\(text.prefix(20))'"))
        }
        return .success(paper)
    }

    /// The poster's SVG, or why there is none: a daemon with no birth date has no grid to draw.
    public static func poster(_ info: LifeInfo, paper: LifePoster.Paper) -> Result<String, WebRefusal> {
        guard let birth = info.birth, let figures = info.figures else {
            return .failure(
                WebRefusal(
                    status: 409, code: "no_birth_date",
                    message: "No birth date is set: set it on the page, or with '\(LifeText.setBirthHint)'."))
        }
        return .success(
            LifePoster.svg(
                LifePoster.Life(birth: birth, years: info.years, today: info.today, figures: figures), paper: paper))
    }
}
