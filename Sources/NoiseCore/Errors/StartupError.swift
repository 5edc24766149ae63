/// A reason the daemon cannot start; printed as is, then the daemon exits non-zero.
public struct StartupError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
