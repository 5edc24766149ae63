import NoiseCatalog
import NoiseCore

extension MixList {
    /// The mix of that name, or `unknown_mix` naming the saved ones: the daemon's refusal of `play` and
    /// `mix_remove`, and a client's before it changes anything (`bedtime`).
    public func named(_ name: String) throws(ProtocolError) -> MixInfo {
        guard let mix = mixes.first(where: { $0.name == name }) else {
            let names =
                mixes.isEmpty
                ? "no mix is saved ('noisectl mix save NAME' saves what plays)"
                : "saved mixes: " + mixes.map(\.name).joined(separator: ", ")
            throw ProtocolError(.unknownMix, "no mix is named '\(name.prefix(40))'; \(names)")
        }
        return mix
    }
}
