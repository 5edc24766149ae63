import NoiseAlarms
import NoiseCatalog
import NoiseConfig
import NoiseCore

/// `config.toml`: whatever the bytes, reading returns (never traps), and every problem has a line (0 for the whole
/// file) within the file and a message; a file without problems has no key twice.
struct TOMLTarget: FuzzTarget {
    let name = "toml"

    func run(_ bytes: [UInt8]) {
        func fail(_ message: String) -> Never { FuzzFailure.report(name, message, input: bytes) }
        let result = ConfigFile.read(bytes, home: "/home/fuzz")
        let lines = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        for problem in result.problems {
            if problem.line < 0 || problem.line > lines {
                fail("problem on line \(problem.line) of a \(lines)-line file: \(problem)")
            }
            if problem.message.isEmpty { fail("a problem without a message") }
        }
        if result.problems.isEmpty && Set(result.keys).count != result.keys.count {
            fail("accepted a key set twice: \(result.keys)")
        }
    }
}

/// `sounds.json`: every entry kept is valid and unique, its position in the file is known, and the library built
/// from it finds each one.
struct CatalogTarget: FuzzTarget {
    let name = "catalog"

    func run(_ bytes: [UInt8]) {
        func fail(_ message: String) -> Never { FuzzFailure.report(name, message, input: bytes) }
        let result = CatalogParser.parse(bytes, source: "/fuzz/sounds.json")
        guard result.entries.count == result.positions.count else {
            fail("\(result.entries.count) entries but \(result.positions.count) positions")
        }
        if zip(result.positions, result.positions.dropFirst()).contains(where: { $0 >= $1 }) {
            fail("positions out of order: \(result.positions)")
        }
        if Set(result.entries.map(\.id)).count != result.entries.count {
            fail("duplicate ids kept: \(result.entries.map(\.id))")
        }
        for entry in result.entries {
            let problem =
                SoundRules.idProblem(entry.id) ?? SoundRules.nameProblem(entry.name)
                ?? SoundRules.idProblem(entry.category) ?? SoundRules.fileProblem(entry.file)
            if let problem { fail("kept an invalid entry \(entry): \(problem)") }
        }
        if result.problems.contains(where: { ($0.index ?? 0) < 0 }) {
            fail("a problem at a negative position")
        }
        var library = SoundLibrary()
        library.add(result, folder: "/fuzz/sounds", source: .builtin, catalogPath: "/fuzz/sounds.json")
        for entry in result.entries where library.sound(id: entry.id)?.path != "/fuzz/sounds/" + entry.file {
            fail("the library lost '\(entry.id)'")
        }
        _ = library.unknownSoundError(String(decoding: bytes.prefix(40), as: UTF8.self))
    }
}

/// The iPhone app's alarms file: every alarm imported is one `alarm_add` would accept, each is traced to its entry,
/// and no entry is both imported and skipped.
struct LegacyImportTarget: FuzzTarget {
    let name = "import"

    func run(_ bytes: [UInt8]) {
        func fail(_ message: String) -> Never { FuzzFailure.report(name, message, input: bytes) }
        let report = LegacyAlarmImport.parse(bytes)
        guard report.alarms.count == report.sources.count else {
            fail("\(report.alarms.count) alarms but \(report.sources.count) sources")
        }
        let ordered = !zip(report.sources, report.sources.dropFirst()).contains(where: { $0 >= $1 })
        if !ordered || (report.sources.first ?? 0) < 0 {
            fail("sources out of order: \(report.sources)")
        }
        for alarm in report.alarms {
            if let problem = alarm.problem() { fail("imported an invalid alarm: \(problem)") }
            // Settings that make no one kind of alarm are the daemon's to refuse, with its message.
            if case .success(nil) = Result(catching: { () throws(AlarmRuleFields.Problem) in try alarm.newAlarm(id: 1) }
            ) {
                fail("imported an alarm without a time")
            }
        }
        let skipped = Set(report.skipped.compactMap(\.index))
        if skipped.contains(where: { $0 < 0 }) || !skipped.isDisjoint(with: report.sources) {
            fail("skipped \(skipped.sorted()) but imported \(report.sources)")
        }
        if report.skipped.contains(where: { $0.index == nil }) && !report.alarms.isEmpty {
            fail("refused the whole file but imported alarms")
        }
    }
}
