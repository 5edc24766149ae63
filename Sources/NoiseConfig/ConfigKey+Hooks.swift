import NoiseCore

/// `[hooks]`'s keys (docs/home.md): one per event a hook may be set for, its timeout and how many run at once.
extension ConfigKey {
    static let hooks: [ConfigKey] =
        HookSettings.events.map(hook) + [
            duration("hooks.timeout", in: HookSettings.timeoutRange) { $1.hooks.timeoutSeconds = $0 },
            integer("hooks.max_running", in: HookSettings.maxRunningRange, unit: "hooks at once") {
                $1.hooks.maxRunning = $0
            },
        ]

    /// `hooks.EVENT = ["/path/to/program", "argument", …]`: an argv, the program an absolute path (`~/` is the home).
    private static func hook(_ event: String) -> ConfigKey {
        ConfigKey(
            name: "hooks.\(event)",
            accepted: "a program and its arguments as an array of strings in quotes, e.g. [\"~/bin/lights\", \"up\"] "
                + "(the program an absolute path, ~/ is your home; no shell)"
        ) { value, home, settings in
            guard case .array(let items) = value, !items.isEmpty else { return .wrongType }
            var argv: [String] = []
            for item in items {
                guard case .string(let text) = item, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                    return .wrongType
                }
                argv.append(text)
            }
            let program = argv[0].hasPrefix("~/") ? home + argv[0].dropFirst(1) : argv[0]
            guard program.hasPrefix("/") else {
                return .invalid("'\(argv[0].prefix(60))' is not an absolute path: a hook runs no shell and no $PATH")
            }
            argv[0] = program
            settings.hooks.programs[event] = argv
            return nil
        }
    }
}
