import NoiseCore

/// One request to the element source: one satellite's sets (`?CATNR=`), or CelesTrak's group of active satellites
/// (`?GROUP=active`), from which the sets in use are taken when more than a handful are due
/// (`ElementDownloadSchedule.transfers`).
enum ElementTransfer: Sendable, Hashable {
    case satellite(Int)
    /// The group, for these satellites.
    case group([Int])

    /// CelesTrak's group that holds every satellite still in orbit and working.
    static let groupName = "active"

    /// The satellites the answer is judged for.
    var numbers: [Int] {
        switch self {
        case .satellite(let number): [number]
        case .group(let numbers): numbers
        }
    }

    /// `<source>?CATNR=<n>&FORMAT=json` or `<source>?GROUP=active&FORMAT=json`.
    func url(source: String) -> String {
        switch self {
        case .satellite(let number): "\(source)?CATNR=\(number)&FORMAT=json"
        case .group: "\(source)?GROUP=\(Self.groupName)&FORMAT=json"
        }
    }

    /// The largest answer taken: one satellite's is under 1 KB, the group's about 10 MB.
    var maxBytes: Int {
        switch self {
        case .satellite: Limits.maxElementsDownloadBytes
        case .group: Limits.maxElementsGroupDownloadBytes
        }
    }

    /// What a log line says was asked for: `25544`, or `GROUP=active (1,998 satellites)`.
    var subject: String {
        switch self {
        case .satellite(let number): String(number)
        case .group(let numbers): "GROUP=\(Self.groupName) (\(numbers.count) satellites)"
        }
    }

    /// The key its failures are remembered by, so a repeat is logged at debug level.
    var key: String {
        switch self {
        case .satellite(let number): String(number)
        case .group: "GROUP=\(Self.groupName)"
        }
    }
}
