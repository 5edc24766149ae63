import NoiseCatalog
import NoiseCore
/// Builds a typed `Command` from a command name and its `args`, checking every argument.
enum CommandParser {
    /// The commands that take no arguments.
    static let withoutArguments: [String: Command] = [
        "ping": .ping, "status": .status, "subscribe": .subscribe, "store_check": .storeCheck,
        "store_recover": .storeRecover, "alarm_next": .alarmNext,
        "alarm_missed": .alarmMissed, "alarm_missed_clear": .alarmMissedClear, "toggle": .toggle,
        "mix_list": .mixList, "timer_list": .timerList,
    ]

    static func parse(name: String, args: [String: JSONValue]) throws(ProtocolError) -> Command {
        if let command = withoutArguments[name] {
            _ = try ArgumentReader(command: name, args: args, accepted: [])
            return command
        }
        switch name {
        case "sounds":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["category"])
            return .sounds(category: try reader.string("category"))
        case "play":
            return .play(try play(args))
        case "stop":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["sounds", "fade", "timer"])
            let timer = try reader.bool("timer") ?? false
            let fade = try reader.number("fade", in: fadeRange, unit: "seconds")
            if timer && fade != nil {
                throw ProtocolError(.invalidArgument, "stop: 'timer' clears sleep timers and stops nothing; 'fade' does not apply")
            }
            return .stop(StopArguments(sounds: try reader.soundList("sounds"), fade: fade, timer: timer))
        case "pause":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["fade"])
            return .pause(fade: try reader.number("fade", in: fadeRange, unit: "seconds"))
        case "resume":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["fade_in"])
            return .resume(fadeIn: try reader.number("fade_in", in: fadeRange, unit: "seconds"))
        case "mix_save", "mix_remove":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["name"])
            let mix = try mixName(reader)
            return name == "mix_save" ? .mixSave(name: mix) : .mixRemove(name: mix)
        case "volume":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["volume", "change", "sound"])
            let volume = try reader.number("volume", in: volumeRange)
            let change = try reader.number("change", in: -100...100)
            guard (volume == nil) != (change == nil) else {
                throw ProtocolError(.invalidArgument, "volume needs 'volume' (a number from 0 to 100) or 'change' (a "
                    + "number from -100 to 100, added to the volume now), " + (volume == nil ? "one of them" : "not both"))
            }
            return .volume(VolumeArguments(volume: volume, change: change, sound: try reader.string("sound")))
        case "import":
            return .importSound(try importSound(args))
        case "sound_remove":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["id", "force"])
            return .soundRemove(id: try reader.requiredString("id"), force: try reader.bool("force") ?? false)
        case "sound_rename":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["id", "name"])
            let id = try reader.requiredString("id")
            let newName = try reader.requiredString("name")
            if let problem = SoundRules.nameProblem(newName) {
                throw ProtocolError(.invalidArgument, "sound_rename: name \(problem)")
            }
            return .soundRename(id: id, name: newName)
        default:
            if let command = try AlarmCommandParser.parse(name: name, args: args) { return command }
            if let command = try LifeCommandParser.parse(name: name, args: args) { return .life(command) }
            throw ProtocolError(.unknownCommand,
                                "unknown command '\(name.prefix(40))'; commands: \(Command.names.joined(separator: ", "))")
        }
    }

    static let volumeRange = 0.0...100.0
    static let fadeRange = 0.0...Limits.maxFadeSeconds

    private static func play(_ args: [String: JSONValue]) throws(ProtocolError) -> PlayArguments {
        let reader = try ArgumentReader(command: "play", args: args,
                                        accepted: ["sounds", "mix", "volume", "fade_in", "for", "fade_out"])
        let sounds = try reader.soundList("sounds")
        let mix = args["mix"] == nil ? nil : try mixName(reader, "mix")
        guard (sounds == nil) != (mix == nil) else {
            throw ProtocolError(.invalidArgument, "play needs 'sounds' (a non-empty list of sound ids) or 'mix' (the "
                + "name of a saved mix), " + (mix == nil ? "one of them" : "not both"))
        }
        let volume = try reader.number("volume", in: volumeRange)
        if mix != nil && volume != nil {
            throw ProtocolError(.invalidArgument, "play: a mix plays at the volumes it was saved with; 'volume' does not "
                + "apply (change one sound after with 'volume' and 'sound')")
        }
        let duration = try reader.number("for", in: 1...Limits.maxTimerSeconds, unit: "seconds")
        let fadeOut = try reader.number("fade_out", in: fadeRange, unit: "seconds")
        if fadeOut != nil && duration == nil {
            throw ProtocolError(.invalidArgument, "play: 'fade_out' applies to a sleep timer; give 'for' too")
        }
        return PlayArguments(sounds: sounds ?? [], mix: mix, volume: volume,
                             fadeIn: try reader.number("fade_in", in: fadeRange, unit: "seconds"),
                             for: duration, fadeOut: fadeOut)
    }

    private static func mixName(_ reader: ArgumentReader, _ key: String = "name") throws(ProtocolError) -> String {
        let name = try reader.requiredString(key)
        if let problem = MixName.problem(name) {
            throw ProtocolError(.invalidArgument, "\(reader.command): mix name \"\(name.prefix(40))\" \(problem); "
                + "a name has \(MixName.accepted)")
        }
        return name
    }

    private static func importSound(_ args: [String: JSONValue]) throws(ProtocolError) -> ImportArguments {
        let reader = try ArgumentReader(command: "import", args: args,
                                        accepted: ["path", "id", "name", "category", "kind"])
        let kind: SoundKind?
        if let text = try reader.string("kind") {
            guard let parsed = SoundKind(rawValue: text) else {
                throw ProtocolError(.invalidArgument, "import: 'kind' must be loop or alarm, got \"\(text.prefix(40))\"")
            }
            kind = parsed
        } else {
            kind = nil
        }
        let path = try reader.requiredString("path")
        guard path.hasPrefix("/") else {
            throw ProtocolError(.invalidArgument, "import: 'path' must be absolute, got \"\(path.prefix(80))\"")
        }
        return ImportArguments(path: path, id: try reader.string("id"), name: try reader.string("name"),
                               category: try reader.string("category"), kind: kind)
    }
}
