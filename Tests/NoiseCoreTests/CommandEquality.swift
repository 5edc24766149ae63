@testable import NoiseProtocol

/// A decoded request's command is the command expected: the same type with the same arguments.
func == <C: DaemonCommand>(lhs: any DaemonCommand, rhs: C) -> Bool {
    lhs.isEqual(to: rhs)
}
