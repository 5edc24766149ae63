extension ClockSettings {
    /// Every key of config.toml's `[clock]` table with its value as the file would hold it, in the docs' order:
    /// what the web face reads (`GET /api/clock`).
    public var clockTable: [(key: String, value: TOMLValue)] {
        [
            ("format", .string(format.rawValue)),
            ("seconds", .boolean(seconds)),
            ("ampm", .boolean(ampm)),
            ("date", .boolean(date)),
            ("color", .string(color.description)),
            ("background", .string(background.description)),
            ("theme", .string(theme.rawValue)),
            ("random_color", .boolean(randomColor)),
            ("size", .integer(Int64(face.size))),
            ("glow", .integer(Int64(face.glow))),
            ("opacity", .integer(Int64(face.opacity))),
            ("overlay_opacity", .integer(Int64(face.overlayOpacity))),
            ("font", .string(face.font)),
            ("weight", .integer(Int64(face.weight))),
            ("design", .string(face.design.rawValue)),
            ("next_alarm", .boolean(face.nextAlarm)),
            ("now_playing", .boolean(face.nowPlaying)),
            ("night", .string(face.night.description)),
            ("night_color", .string(face.nightColor.description)),
            ("night_brightness", .integer(Int64(face.nightBrightness))),
        ]
    }

    /// The `[clock]` table's key names.
    public static var clockKeys: [String] { ClockSettings().clockTable.map(\.key) }
}

extension ClockSettings {
    /// config.toml's `[location]` as the file would hold it: only the keys that are set (TOML has no null).
    public var locationTable: [(key: String, value: TOMLValue)] {
        var table: [(key: String, value: TOMLValue)] = []
        if let latitude = location.latitude { table.append(("latitude", .float(latitude))) }
        if let longitude = location.longitude { table.append(("longitude", .float(longitude))) }
        table.append(("elevation", .float(location.elevationMeters)))
        if let name = location.name { table.append(("name", .string(name))) }
        return table
    }
}

extension LocationSetting {
    /// `[location]`'s keys.
    public static let keys = ["latitude", "longitude", "elevation", "name"]
}

extension ClockSettings {
    /// config.toml's `[world]` as the file would hold it: the saved zones, in their order (the world page's list).
    public var worldTable: [(key: String, value: TOMLValue)] {
        [("zones", .array(worldZones.map { .string($0) }))]
    }
}
