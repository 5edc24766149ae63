/// The site library: landing sites and landmarks with their planetographic coordinates (east positive) and where
/// each comes from. Data only; `MarsSite` reads it. docs/mars.md lists it for people.
extension MarsSite {
    /// The sites, in the order they are listed.
    public static let all: [MarsSite] = [
        MarsSite(
            "airy-0", "Prime meridian (Airy-0)", place: "Airy-0", east: 0, north: -5.07,
            "IAU/IAG 2015 (Archinal et al. 2018): Airy-0 defines 0°"),
        MarsSite(
            "viking-1", "Viking 1 (Chryse Planitia)", place: "Chryse", east: 312.05, north: 22.27,
            "NASA NSSDCA 1975-075C"),
        MarsSite(
            "viking-2", "Viking 2 (Utopia Planitia)", place: "Utopia", east: 134.29, north: 47.64,
            "NASA NSSDCA 1975-083C"),
        MarsSite(
            "pathfinder", "Mars Pathfinder (Ares Vallis)", place: "Ares Vallis", east: 326.78, north: 19.13,
            "NASA NSSDCA 1996-068A"),
        MarsSite(
            "spirit", "Spirit (Gusev crater)", place: "Gusev", east: 175.298, north: -14.5718,
            "NASA GISS Mars24 worked example B (184.702° W)"),
        MarsSite(
            "opportunity", "Opportunity (Meridiani Planum)", place: "Meridiani", east: 354.4734, north: -1.9462,
            "NASA JPL MER mission"),
        MarsSite(
            "phoenix", "Phoenix (Vastitas Borealis)", place: "Vastitas Borealis", east: 234.25, north: 68.22,
            "NASA NSSDCA 2007-034A"),
        MarsSite(
            "curiosity", "Curiosity (Gale crater)", place: "Gale", east: 137.4417, north: -4.5895,
            "NASA JPL MSL mission",
            landing: 1_344_230_277),  // 2012-08-06 05:17:57 UTC
        MarsSite(
            "insight", "InSight (Elysium Planitia)", place: "Elysium", east: 135.623, north: 4.502,
            "NASA JPL InSight mission"),
        MarsSite(
            "perseverance", "Perseverance (Jezero crater)", place: "Jezero", east: 77.4508, north: 18.4447,
            "NASA JPL Mars 2020 mission",
            landing: 1_613_681_700),  // 2021-02-18 20:55 UTC
        MarsSite(
            "zhurong", "Zhurong (Utopia Planitia)", place: "Utopia", east: 109.925, north: 25.066,
            "CNSA Tianwen-1 (Ding et al. 2022)"),
        MarsSite(
            "olympus-mons", "Olympus Mons", place: "Olympus Mons", east: 226.2, north: 18.65,
            "USGS Gazetteer of Planetary Nomenclature"),
    ]
}
