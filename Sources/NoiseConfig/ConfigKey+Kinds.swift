import NoiseCore

/// The kinds of value a key takes, each with the words that say what it accepts.
extension ConfigKey {
    static func checkedText(
        _ name: String, accepted: String,
        set: @escaping @Sendable (String, inout DaemonSettings) -> ConfigValueError?
    ) -> ConfigKey {
        ConfigKey(name: name, accepted: accepted) { value, _, settings in
            guard case .string(let text) = value else { return .wrongType }
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return .wrongType }
            return set(text, &settings)
        }
    }

    static func listenAddress(
        _ name: String, accepted: String,
        set: @escaping @Sendable (ListenAddress, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        checkedText(name, accepted: accepted) { value, settings in
            switch ListenAddress.parse(value) {
            case .success(let address):
                set(address, &settings)
                return nil
            case .failure(let error):
                return .invalid(error.description)
            }
        }
    }

    static func integer(
        _ name: String, in range: ClosedRange<Int>, unit: String,
        set: @escaping @Sendable (Int, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        ConfigKey(name: name, accepted: "an integer \(range.lowerBound) to \(range.upperBound) (\(unit))") {
            value, _, settings in
            guard case .integer(let number) = value, let integer = Int(exactly: number), range.contains(integer) else {
                return .wrongType
            }
            set(integer, &settings)
            return nil
        }
    }

    static func boolean(_ name: String, set: @escaping @Sendable (Bool, inout DaemonSettings) -> Void) -> ConfigKey {
        ConfigKey(name: name, accepted: "true or false") { value, _, settings in
            guard case .boolean(let flag) = value else { return .wrongType }
            set(flag, &settings)
            return nil
        }
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: Choice.Type, set: @escaping @Sendable (Choice, inout DaemonSettings) -> Void
    ) -> ConfigKey where Choice.RawValue == String {
        checkedText(name, accepted: "one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) {
            value, settings in
            guard let choice = Choice(rawValue: value) else { return .wrongType }
            set(choice, &settings)
            return nil
        }
    }

    static func color(
        _ name: String, set: @escaping @Sendable (TerminalColor, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        checkedText(name, accepted: TerminalColor.accepted) { value, settings in
            guard let color = try? TerminalColor(parsing: value) else { return .wrongType }
            set(color, &settings)
            return nil
        }
    }

    static func number(
        _ name: String, in range: ClosedRange<Double>, unit: String,
        set: @escaping @Sendable (Double, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        ConfigKey(name: name, accepted: "a number: \(unit)") { value, _, settings in
            guard let number = value.number, number.isFinite, range.contains(number) else { return .wrongType }
            set(number, &settings)
            return nil
        }
    }

    static func volume(_ name: String, set: @escaping @Sendable (Double, inout DaemonSettings) -> Void) -> ConfigKey {
        ConfigKey(name: name, accepted: "a number 0 to 100") { value, _, settings in
            guard let number = value.number, number.isFinite, (0...100).contains(number) else { return .wrongType }
            set(number, &settings)
            return nil
        }
    }

    static func duration(
        _ name: String, in range: ClosedRange<Double>,
        set: @escaping @Sendable (Double, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        let accepted =
            "a duration from \(DurationParser.describe(range.lowerBound)) to \(DurationParser.describe(range.upperBound)): "
            + "a string like \"500ms\", \"30s\", \"2m\", \"1h30m\", or a number of seconds"
        return ConfigKey(name: name, accepted: accepted) { value, _, settings in
            let seconds: Double? =
                switch value {
                case .string(let text): try? DurationParser.seconds(text)
                default: value.number
                }
            guard let seconds, seconds.isFinite, range.contains(seconds) else { return .wrongType }
            set(seconds, &settings)
            return nil
        }
    }
}

/// Why a value was refused: the wrong kind or range (the key's `accepted` text says what is right), or a
/// specific reason.
enum ConfigValueError: Error, Sendable, Equatable {
    case wrongType
    case invalid(String)
}

extension TOMLValue {
    /// An integer or a float, as a number.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}
