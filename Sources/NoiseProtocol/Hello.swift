import NoiseCore

/// The first line on every connection: who is speaking and which protocol version.
public struct Hello: Codable, Sendable, Equatable {
    public var name = "noised"
    public var version = Limits.version
    public var `protocol` = Limits.protocolVersion

    public init() {}
}
