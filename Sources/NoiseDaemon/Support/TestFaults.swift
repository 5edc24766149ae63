/// Faults the end-to-end tests switch on through `NOISED_TEST_FAULTS` (a comma-separated list), to make
/// rare situations happen on demand. Never set in normal use; every fault logs when it acts.
public struct TestFaults: Sendable, Equatable {
    /// `wedge`: SIGUSR2 blocks the player actor for good, so the watchdog test can see the pings stop.
    public var wedgeOnSIGUSR2 = false
    /// `slow-replies`: each request is held for a second before it is carried out, so a stop can be sent
    /// while one is in flight.
    public var slowReplies = false

    public init() {}

    public init(environment: [String: String]) {
        let names = (environment["NOISED_TEST_FAULTS"] ?? "").split(separator: ",").map(String.init)
        wedgeOnSIGUSR2 = names.contains("wedge")
        slowReplies = names.contains("slow-replies")
    }
}
