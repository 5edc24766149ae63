/// Where a sound comes from: the installed catalog, the user's overlay under `$XDG_DATA_HOME/noised/`, or a
/// folder the config names (`sounds.folders`).
public enum SoundSource: String, Sendable, Codable {
    case builtin
    case user
    case folder
}
