import NoiseCore

/// One request to the element source: one satellite's sets (`?CATNR=`), CelesTrak's group of active satellites
/// (`?GROUP=active`), from which the sets in use are taken when more than a handful are due, or, once the group
/// has answered, the satellites it lacked in one batch (`?CATNR=a,b,…`) (`ElementDownloadSchedule.transfers`).
enum ElementTransfer: Sendable, Hashable {
    case satellite(Int)
    /// The group, for these satellites.
    case group([Int])
    /// These satellites, asked for by number in one request.
    case batch([Int])

    /// CelesTrak's group that holds every satellite still in orbit and working.
    static let groupName = "active"

    /// The satellites the answer is judged for.
    var numbers: [Int] {
        switch self {
        case .satellite(let number): [number]
        case .group(let numbers), .batch(let numbers): numbers
        }
    }

    /// `<source>?CATNR=<n>&FORMAT=json`, `<source>?GROUP=active&FORMAT=json` or `<source>?CATNR=<a>,<b>&FORMAT=json`.
    func url(source: String) -> String {
        switch self {
        case .satellite(let number): "\(source)?CATNR=\(number)&FORMAT=json"
        case .group: "\(source)?GROUP=\(Self.groupName)&FORMAT=json"
        case .batch(let numbers): "\(source)?CATNR=\(numbers.map { String($0) }.joined(separator: ","))&FORMAT=json"
        }
    }

    /// The largest answer taken: one satellite's is under 1 KB, the group's about 10 MB.
    var maxBytes: Int {
        switch self {
        case .satellite: ElementLimits.maxElementsDownloadBytes
        case .group, .batch: ElementLimits.maxElementsGroupDownloadBytes
        }
    }

    /// What a log line says was asked for: `25544`, `GROUP=active (1998 satellites)` or `CATNR=40101,40102,… (12
    /// satellites)`.
    var subject: String {
        switch self {
        case .satellite(let number): String(number)
        case .group(let numbers): "GROUP=\(Self.groupName) (\(numbers.count) satellites)"
        case .batch(let numbers):
            "CATNR=" + numbers.prefix(3).map { String($0) }.joined(separator: ",") + (numbers.count > 3 ? ",…" : "")
                + " (\(numbers.count) satellites)"
        }
    }

    /// The key its failures are remembered by, so a repeat is logged at debug level.
    var key: String {
        switch self {
        case .satellite(let number): String(number)
        case .group: "GROUP=\(Self.groupName)"
        case .batch: "CATNR batch"
        }
    }

    /// Whether its answer is judged for many satellites at once (logged as one line, not one per satellite).
    var isMany: Bool {
        if case .satellite = self { return false }
        return true
    }
}
