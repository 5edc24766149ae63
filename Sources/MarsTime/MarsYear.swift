/// The Mars Year (Clancy et al. 2000: MY 1 began on 1955-04-11, at Ls 0) and the season by Ls.
public enum MarsYear {
    /// The Julian date (TT) of Ls 0 of MY 1, 1955-04-11, and the mean length of a Mars year in Earth days.
    static let firstYearJD = 2_435_208.5
    static let meanYearDays = 686.9726

    /// The Mars Year at an instant: the mean year count, put right near its start by Ls (the true year starts at
    /// Ls 0, some days from the mean).
    public static func number(jdTT: Double, ls: Double) -> Int {
        let years = (jdTT - firstYearJD) / meanYearDays
        var year = Int(years.rounded(.down)) + 1
        let fraction = years - years.rounded(.down)
        if fraction > 0.9 && ls < 90 { year += 1 }  // Ls has passed 0 before the mean year ends
        if fraction < 0.1 && ls > 270 { year -= 1 }  // the mean year has begun, Ls has not reached 0
        return year
    }

    public enum Season: String, Sendable, CaseIterable {
        case spring, summer, autumn, winter

        /// The northern season: spring from Ls 0, summer from 90, autumn from 180, winter from 270.
        public init(ls: Double) {
            self = Self.allCases[min(3, max(0, Int(ls / 90)))]
        }
    }
}

extension MarsClock {
    public var marsYear: Int { MarsYear.number(jdTT: jdTT, ls: ls) }
    public var season: MarsYear.Season { MarsYear.Season(ls: ls) }
    /// The sol number: the Mars Sol Date's whole part.
    public var sol: Int { Int(msd.rounded(.down)) }
}
