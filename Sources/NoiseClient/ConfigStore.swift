import NoiseConfig
import NoiseCore
import NoiseSystem

/// `config.toml` as the clients use it: `noisectl clock`, `world`, `location` and the web face read their
/// settings from it and save the changes they are given back to it, through `ConfigEditor`, so the rest of the
/// hand-written file stays as it was. The I/O edge of that editor: blocking (noiseweb calls it through
/// `BlockingWork`).
public struct ConfigStore: Sendable {
    /// Why nothing was saved, worded for the user (the file's path included).
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// `$XDG_CONFIG_HOME/noised/config.toml`, the file the daemon reads.
    public let path: String
    /// For `~/` in `sounds.folders`, which the check of the saved file expands as the daemon does.
    let home: String

    public init(environment: [String: String] = ProcessEnvironment.current) {
        path = XDGPaths(environment: environment).configFile
        home = environment["HOME"] ?? "/"
    }

    /// The saved `[clock]` and `[world]` settings, or the defaults when there is no file. A file that cannot be
    /// read or has problems also gives the defaults, with a one-line warning to show: a clock should still show.
    public func clockSettingsOrDefaults() -> (settings: ClockSettings, warning: String?) {
        switch load() {
        case .settings(let settings):
            return (settings.clock, nil)
        case .unreadable(let failure):
            return (ClockSettings(), "\(failure); using the default clock settings")
        case .problems(let problems):
            let more = problems.count > 1 ? " and \(problems.count - 1) more" : ""
            return (
                ClockSettings(),
                "\(path) has problems (\(problems[0])\(more)), so none of its settings are used; "
                    + "run 'noised --check-config' to see them all"
            )
        }
    }

    /// The saved settings, for a command about to change them: a file that cannot be read or has problems
    /// throws the message `save` would give, since saving over it would fail anyway.
    public func settingsToChange() throws(Failure) -> ClockSettings {
        switch load() {
        case .settings(let settings):
            return settings.clock
        case .unreadable(let failure):
            throw Failure(description: failure.description + "; nothing was saved")
        case .problems(let problems):
            throw Failure(
                description: ConfigEditError(reason: .fileHasProblems, problems: problems).message(file: path))
        }
    }

    /// Reads the saved settings, lets `change` work out what to set from them, and saves that, with the
    /// config folder locked throughout: two noisectl processes changing the file at once (two `world add`s)
    /// take turns, and neither saves over a file the other changed after it read it. A change that sets
    /// nothing creates no folder. Throws `Failure` as `settingsToChange` and `save` do, or `change`'s error.
    public func update<Result>(
        _ change: (ClockSettings) throws -> (changes: [ConfigEditor.Change], result: Result)
    ) throws -> Result {
        if !LocalFile.folderExists(holding: path) {
            let planned = try change(try settingsToChange())
            if planned.changes.isEmpty { return planned.result }
        }
        do {
            return try LocalFile.whileFolderLocked(holding: path) {
                let planned = try change(try settingsToChange())
                if !planned.changes.isEmpty { try save(planned.changes) }
                return planned.result
            }
        } catch let failure as LocalFile.Failure {
            throw Failure(description: failure.description + "; nothing was saved")
        }
    }

    /// Sets each key to its value (`[("world.zones", .array(...))]`), keeping every other line of the file, and
    /// writes the file atomically. Throws, and changes nothing, when the file cannot be read, already has
    /// problems, or would have one after the change. Unlocked: `update` is what commands call.
    private func save(_ changes: [ConfigEditor.Change]) throws(Failure) {
        do {
            let existing = try LocalFile.contents(of: path)
            let edited = try ConfigEditor.applying(changes, to: existing ?? [], home: home)
            // Unchanged: no needless rewrite, so a file kept under version control keeps its time stamp.
            if edited == (existing ?? []) && (existing != nil || edited.isEmpty) { return }
            try LocalFile.replace(path, with: edited)
        } catch let failure as LocalFile.Failure {
            throw Failure(description: failure.description + "; nothing was saved")
        } catch let failure as ConfigEditError {
            throw Failure(description: failure.message(file: path))
        } catch {
            throw Failure(description: "\(error); nothing was saved")
        }
    }

    /// The saved `[web]` settings (`noisectl web` builds its URL from them as noiseweb listens by them). A file that
    /// cannot be read or has problems throws: noiseweb would not start with it either.
    public func webSettings() throws(Failure) -> WebSettings { try settings().web }

    /// The saved settings (noisehome reads its `[hooks]` and `[mqtt]`); a file that cannot be read or has problems
    /// throws, naming the first problem.
    public func settings() throws(Failure) -> DaemonSettings {
        switch load() {
        case .settings(let settings): return settings
        case .unreadable(let failure): throw Failure(description: failure.description)
        case .problems(let problems):
            throw Failure(
                description: "\(path) has problems (\(problems[0])); run 'noised --check-config' to see them all")
        }
    }

    private enum Loaded {
        case settings(DaemonSettings)
        case unreadable(LocalFile.Failure)
        case problems([ConfigProblem])
    }

    private func load() -> Loaded {
        do {
            guard let bytes = try LocalFile.contents(of: path) else { return .settings(DaemonSettings()) }
            let result = ConfigFile.read(bytes, home: home)
            return result.problems.isEmpty ? .settings(result.settings) : .problems(result.problems)
        } catch {
            return .unreadable(error)
        }
    }
}
