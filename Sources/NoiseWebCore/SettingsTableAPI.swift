import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseSystem

/// One table of config.toml for the pages, read and saved through the `ConfigStore` noisectl uses: `/api/clock`
/// (`[clock]`, so a colour chosen in the browser is the terminal clock's colour too) and `/api/location`
/// (`[location]`, as `noisectl location set` saves it) and `/api/world`'s POST (`[world] zones`, as `noisectl world
/// add` and `remove` keep it). The file's other lines are kept; a change the daemon's reading would refuse is
/// refused here first, and nothing is saved.
public struct SettingsTableAPI: Sendable {
    let store: ConfigStore
    /// The table's name, `clock`.
    let table: String
    /// The keys a change may name.
    let keys: [String]
    /// The keys that have a value in settings, in the docs' order.
    let values: @Sendable (ClockSettings) -> [(key: String, value: TOMLValue)]
    /// Whether a value may be a list (`[world] zones`); the other tables' keys take plain values only.
    var takesLists = false
    /// A check beyond the file's own, given the settings as saved (the world clocks' new zones must be in the tz
    /// database), nil when it passes. Run on the locked read the change is made on. Blocking.
    var check: @Sendable ([ConfigEditor.Change], ClockSettings) -> WebRefusal? = { _, _ in nil }

    /// `[clock]`, the web face's settings.
    public static func clock(store: ConfigStore) -> SettingsTableAPI {
        SettingsTableAPI(store: store, table: "clock", keys: ClockSettings.clockKeys, values: \.clockTable)
    }

    /// `[location]`, the observer for satellite passes (the ISS page's geolocation saves it).
    public static func location(store: ConfigStore) -> SettingsTableAPI {
        SettingsTableAPI(store: store, table: "location", keys: LocationSetting.keys, values: \.locationTable)
    }

    /// `[world] zones`, the world clocks (the world page adds and removes them, sending the whole list): each zone
    /// not saved already is checked against the tz database as `noisectl world add` checks it, so a typo is refused
    /// naming the zone and saves nothing, while a saved zone the database lost can still be kept or removed.
    public static func world(store: ConfigStore, zones: SystemTimeZoneSource) -> SettingsTableAPI {
        SettingsTableAPI(store: store, table: "world", keys: ["zones"], values: \.worldTable, takesLists: true) {
            changes, saved in
            let named = changes.flatMap { change -> [String] in
                guard case .array(let items) = change.value else { return [] }
                return items.compactMap { if case .string(let name) = $0 { name } else { nil } }
            }
            let added = named.filter { !saved.worldZones.contains($0) }
            guard case .failure(let unknown) = zones.zones(named: added) else { return nil }
            return WebRefusal(status: 400, code: "unknown_zone", message: "world.zones: " + unknown.message)
        }
    }

    /// Every key of the table that has a value; a file that cannot be used gives the defaults and says why in
    /// `warning`.
    public func read() async -> WebReply {
        let store = store
        let (settings, warning) = await BlockingWork.run(name: "noiseweb-config") { store.clockSettingsOrDefaults() }
        return WebReply.success(Self.json(values(settings)), warning: warning)
    }

    /// Saves `{key: value, ...}` (keys of the table, values as JSON strings, numbers and booleans) and answers with
    /// every key after the change.
    public func save(_ body: [UInt8]) async -> WebReply {
        let changes: [ConfigEditor.Change]
        switch self.changes(in: body) {
        case .success(let read): changes = read
        case .failure(let refusal): return .failure(refusal)
        }
        do throws(ConfigEditError) {
            _ = try ConfigEditor.applying(changes, to: [], home: "/")
        } catch {
            return WebReply.failure(400, code: "invalid_setting", message: Self.problemText(error))
        }
        let (store, check) = (store, check)
        let saved = await BlockingWork.run(name: "noiseweb-config") { () -> Result<ClockSettings, WebRefusal> in
            do {
                // The settings as saved, from the same locked read the change was made on: no second read.
                return .success(
                    try store.update { saved in
                        if let refusal = check(changes, saved) { throw refusal }
                        return (changes, saved.applying(changes))
                    })
            } catch let refusal as WebRefusal {
                return .failure(refusal)
            } catch let failure as ConfigStore.Failure {
                return .failure(Self.unusable(failure))
            } catch {
                return .failure(Self.unusable(ConfigStore.Failure(description: "\(error); nothing was saved")))
            }
        }
        switch saved {
        case .success(let settings): return WebReply.success(Self.json(values(settings)))
        case .failure(let refusal): return .failure(refusal)
        }
    }

    static func isList(_ value: TOMLValue) -> Bool {
        if case .array = value { true } else { false }
    }

    static func unusable(_ failure: ConfigStore.Failure) -> WebRefusal {
        WebRefusal(status: 409, code: "config_unusable", message: failure.description)
    }

    /// The body as changes to the table, or why it is not: an object of its keys with plain values.
    func changes(in body: [UInt8]) -> Result<[ConfigEditor.Change], WebRefusal> {
        guard case .object(let object)? = try? JSONCoding.decode(JSONValue.self, from: body), !object.isEmpty else {
            return .failure(
                WebRefusal(
                    status: 400, code: "bad_request",
                    message: "The body must be an object of [\(table)] settings, e.g. {\"\(keys[0])\": …}"))
        }
        var changes: [ConfigEditor.Change] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            guard keys.contains(key) else {
                return .failure(
                    WebRefusal(
                        status: 400, code: "invalid_setting",
                        message:
                            "[\(table)] has no setting '\(key.prefix(40))'; its settings: \(keys.joined(separator: ", "))"
                    ))
            }
            guard let toml = Self.toml(value), takesLists || !Self.isList(toml) else {
                return .failure(
                    WebRefusal(
                        status: 400, code: "invalid_setting",
                        message: "\(table).\(key): give "
                            + (takesLists ? "a list of names in quotes" : "a string, a number, true or false")))
            }
            changes.append(("\(table)." + key, toml))
        }
        return .success(changes)
    }

    static func toml(_ value: JSONValue) -> TOMLValue? {
        switch value {
        case .bool(let flag): .boolean(flag)
        case .string(let text): .string(text)
        case .number(let number):
            if let whole = Int64(exactly: number) {
                .integer(whole)
            } else if number.isFinite {
                .float(number)
            } else {
                nil
            }
        case .array(let items):
            // The file's check refuses what a key does not take (a list of lists); here only what TOML cannot hold.
            items.compactMap(toml).count == items.count ? .array(items.compactMap(toml)) : nil
        case .null, .object: nil
        }
    }

    static func json(_ table: [(key: String, value: TOMLValue)]) -> JSONValue {
        .object(Dictionary(table.map { ($0.key, json($0.value)) }, uniquingKeysWith: { _, last in last }))
    }

    static func json(_ value: TOMLValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .integer(let number): .number(Double(number))
        case .float(let number): .number(number)
        case .boolean(let flag): .bool(flag)
        case .array(let items): .array(items.map(json))
        }
    }

    /// "clock.glow: an integer 0 to 100 (percent), not 140": the first problem, without the file's name (none
    /// was written).
    static func problemText(_ error: ConfigEditError) -> String {
        guard let first = error.problems.first else { return "that cannot be saved" }
        return (first.key.map { "\($0): " } ?? "") + first.message
    }
}
