// Row 10's in-process figure, for the bench (docs/performance.md): the pass search `noisectl iss passes` runs,
// timed inside one process, as skyfield's side of the row is timed inside Python with its ephemeris loaded. The
// elements are parsed and SGP4 initialised in every run, as noisectl does once per call; no start-up, no output.
// Not installed.
//
//   pass-search TLE_LINE1 TLE_LINE2 LAT LON HEIGHT_M FROM_UNIX DAYS MIN_ELEVATION RUNS
// prints {"passes":N,"visible":V,"ms":[…]}.
import Glibc
import Orbits

func fail(_ message: String, code: Int32 = 1) -> Never {
    let line = "pass-search: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(code)
}

let args = CommandLine.arguments
guard args.count == 10, let lat = Double(args[3]), let lon = Double(args[4]), let height = Double(args[5]),
    let from = Double(args[6]), let days = Double(args[7]), let minElevation = Double(args[8]),
    let runs = Int(args[9]), runs > 0
else {
    fail("usage: pass-search LINE1 LINE2 LAT LON HEIGHT_M FROM_UNIX DAYS MIN_ELEVATION RUNS", code: 2)
}

func monotonicMs() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

var times: [Double] = []
var found: [SatellitePass] = []
do {
    for _ in 0..<runs {
        let start = monotonicMs()
        guard let elements = try TwoLineElements.parse(args[1] + "\n" + args[2] + "\n").first else {
            fail("no element set in the two lines")
        }
        let finder = PassFinder(
            model: SGP4(elements),
            observer: GeodeticPosition(latitude: lat, longitude: lon, heightKm: height / 1000),
            minElevation: minElevation)
        found = try finder.passes(from: from, to: from + days * 86_400)
        times.append(monotonicMs() - start)
    }
} catch {
    fail("\(error)")
}
let ms = times.map { String($0) }.joined(separator: ",")
print("{\"passes\":\(found.count),\"visible\":\(found.filter(\.visible).count),\"ms\":[\(ms)]}")
