import ArgumentParser
import Glibc
import NoiseClient
import NoiseCore
import NoiseSystem

/// Completions that need the daemon or the system, for the arguments that name sounds, alarms, mixes and zones.
///
/// argument-parser runs these closures inside `noisectl ---completion …` when the user presses Tab. The
/// daemon's lists come from this same binary's own `--json` commands (`sounds list`, `alarm list`,
/// `mix list`), run with the `--socket` typed on the line, so a completion offers exactly what the command
/// would accept from that daemon. Any failure (no daemon, an older one, a command this version lacks)
/// completes nothing: an error must never be printed into the user's prompt.
extension CompletionKind {
    /// The ids of the daemon's sounds.
    static var soundIDs: CompletionKind { .custom { words, _, _ in Completions.soundIDs(words) } }

    /// What `play` takes: sound ids, and saved mixes as `@NAME`.
    static var playable: CompletionKind {
        .custom { words, _, _ in Completions.soundIDs(words) + Completions.mixNames(words).map { "@" + $0 } }
    }

    /// The ids of the daemon's alarms.
    static var alarmIDs: CompletionKind { .custom { words, _, _ in Completions.alarmIDs(words) } }

    /// `next` and the ids of the daemon's alarms (`alarm skip`).
    static var alarmIDsOrNext: CompletionKind { .custom { words, _, _ in ["next"] + Completions.alarmIDs(words) } }

    /// The ids of the timers still to ring.
    static var timerIDs: CompletionKind {
        .custom { words, _, _ in Completions.alarmIDs(words, listing: ["timer", "list"]) }
    }

    /// The names of the saved mixes.
    static var mixNames: CompletionKind { .custom { words, _, _ in Completions.mixNames(words) } }

    /// The names of the habits.
    static var habitNames: CompletionKind { .custom { words, _, _ in Completions.habitNames(words) } }

    /// Every IANA zone in the system's tz database.
    static var timeZones: CompletionKind { .custom { _, _, _ in World.zoneSource.identifiers() } }

    /// The zones `noisectl world` has saved.
    static var savedZones: CompletionKind { .custom { _, _, _ in ConfigStore().clockSettings().worldZones } }
}

/// The lists behind the completions; each returns [] when its command fails.
enum Completions {
    /// `noisectl sounds list --json`: `{"sounds": [{"id": …}, …]}`.
    static func soundIDs(_ words: [String]) -> [String] {
        struct Sounds: Decodable {
            struct Sound: Decodable { var id: String }
            var sounds: [Sound]
        }
        return decoded(Sounds.self, running: ["sounds", "list"], words)?.sounds.map(\.id) ?? []
    }

    /// `alarm list --json`, `{"alarms": […]}`, or `timer list --json`, `{"timers": […]}`: alarm objects both.
    static func alarmIDs(_ words: [String], listing command: [String] = ["alarm", "list"]) -> [String] {
        struct Listed: Decodable {
            struct Info: Decodable {
                struct Alarm: Decodable { var id: Int64 }
                var alarm: Alarm
            }
            var alarms: [Info]?
            var timers: [Info]?
        }
        let listed = decoded(Listed.self, running: command, words)
        return (listed?.alarms ?? listed?.timers ?? []).map { String($0.alarm.id) }
    }

    /// `noisectl mix list --json`: `{"mixes": [{"name": …}, …]}`.
    static func mixNames(_ words: [String]) -> [String] {
        struct Mixes: Decodable {
            struct Mix: Decodable { var name: String }
            var mixes: [Mix]
        }
        return decoded(Mixes.self, running: ["mix", "list"], words)?.mixes.map(\.name) ?? []
    }

    /// `noisectl habit list --json`: `{"habits": [{"name": …}, …]}`.
    static func habitNames(_ words: [String]) -> [String] {
        struct Habits: Decodable {
            struct Habit: Decodable { var name: String }
            var habits: [Habit]
        }
        return decoded(Habits.self, running: ["habit", "list"], words)?.habits.map(\.name) ?? []
    }

    /// Runs this binary with `arguments`, `--json` and the line's `--socket`, and decodes what it prints;
    /// nil unless it exits 0 with JSON of that shape.
    static func decoded<T: Decodable>(_ type: T.Type, running arguments: [String], _ words: [String]) -> T? {
        guard let output = run(arguments + ["--json"] + socketArguments(words)) else { return nil }
        return try? JSONCoding.decode(type, from: output)
    }

    /// `--socket PATH` or `--socket=PATH` as typed on the line being completed (the shell's words come
    /// verbatim: one level of quotes is taken off, and a leading `~/` is the home folder).
    static func socketArguments(_ words: [String]) -> [String] {
        var path: String?
        for (index, word) in words.enumerated() {
            if word == "--socket", index + 1 < words.count {
                path = words[index + 1]
            } else if word.hasPrefix("--socket=") {
                path = String(word.dropFirst("--socket=".count))
            }
        }
        guard var path, !path.isEmpty else { return [] }
        if path.count >= 2, let quote = path.first, quote == "'" || quote == "\"", path.last == quote {
            path = String(path.dropFirst().dropLast())
        }
        if path.hasPrefix("~/"), let home = ProcessEnvironment.variable("HOME") {
            path = home + path.dropFirst()
        }
        return ["--socket", path]
    }

    /// The standard output of this binary run with `arguments` (stdin and stderr /dev/null), when it exits 0.
    static func run(_ arguments: [String]) -> [UInt8]? {
        guard let executable = ProcessEnvironment.executablePath() else { return nil }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        // Named noisectl: the program is noised, noisectl and noiseweb in one, and runs the one argv[0] names.
        let argv = (["noisectl"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // Exited (low 7 bits 0) with status 0.
        return status == 0 ? output : nil
    }
}
