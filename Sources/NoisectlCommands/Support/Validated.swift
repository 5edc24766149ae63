/// A value `validate()` reads from the command line for `run()`, where a transform cannot: it needs another option,
/// or reports several values in one message. argument-parser decodes every stored property of a command; this one
/// decodes as empty, so it holds only what `validate()` puts in it.
struct Validated<Value>: Decodable {
    private var stored: Value?

    init() {}

    init(from decoder: any Decoder) {}

    /// Set by `validate()`, which argument-parser runs before `run()`.
    var value: Value {
        get {
            guard let stored else { preconditionFailure("read before validate() set it") }
            return stored
        }
        set { stored = newValue }
    }
}
