import Glibc

extension PassFinder {
    /// Where in the pass, between rise and set (above the minimum elevation), the satellite can be seen (sunlit,
    /// under a dark sky) to 0.01 s, and its brightest. Each condition changes at most once in a pass: the Earth's
    /// shadow takes half an hour to cross and its crossings are an hour apart; over a pass the Sun's altitude moves
    /// one way, or turns at its lowest so slowly that it cannot cross −6° and come back (unless it turns within a
    /// few hundredths of a degree of it). So each is tested at rise and set, and where they differ its change is
    /// found by regula falsi.
    func findVisiblePart(of pass: inout SatellitePass) throws(SGP4Error) {
        func sunAltitude(_ unix: Double) -> Double {
            let sun = EarthFrames.earthFixed(Sunlight.position(unix: unix), gmst: EarthFrames.gmst(unix: unix))
            return here.elevation(of: sun)
        }
        if min(sunAltitude(pass.rise.unix), sunAltitude(pass.set.unix)) > darkSky + 0.5 { return }
        func sunlit(_ unix: Double) throws(SGP4Error) -> Double {
            let (r, _) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
            return Sunlight.illumination(satellite: r, sun: Sunlight.position(unix: unix)) - 0.5
        }
        func dark(_ unix: Double) -> Double { darkSky - sunAltitude(unix) }
        let (rise, set) = (pass.rise.unix, pass.set.unix)
        guard let lit = try part(rise, set, sunlit), let night = try part(rise, set, dark) else { return }
        let (first, last) = (max(lit.lowerBound, night.lowerBound), min(lit.upperBound, night.upperBound))
        guard first <= last else { return }
        var brightest = Double.infinity
        var t = first
        while true {
            brightest = min(brightest, try sighting(at: t).magnitude)
            if t >= last { break }
            t = min(t + Self.magnitudeStep, last)
        }
        pass.visibleFrom = try point(first)
        pass.visibleUntil = try point(last)
        pass.magnitude = brightest
    }

    /// Where between `start` and `end` a condition (`g` ≥ 0) that changes at most once holds, to 0.01 s; nil if
    /// nowhere.
    func part(
        _ start: Double, _ end: Double,
        _ g: (Double) throws(SGP4Error) -> Double
    ) throws(SGP4Error) -> ClosedRange<Double>? {
        let (first, last) = (try g(start), try g(end))
        switch (first >= 0, last >= 0) {
        case (true, true): return start...end
        case (false, false): return nil
        case (true, false): return start...(try edge(inside: start, first, outside: end, last, g))
        case (false, true): return (try edge(inside: end, last, outside: start, first, g))...end
        }
    }
}
