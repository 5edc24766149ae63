import NoiseCatalog

/// `mix list`'s reply.
public struct MixList: Sendable, Equatable, Codable {
    public var mixes: [MixInfo]

    public init(mixes: [MixInfo]) {
        self.mixes = mixes
    }
}
