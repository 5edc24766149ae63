import Glibc
import Logging
import NoiseCore
import NoiseHome
import NoiseProtocol
import NoiseSystem

/// The running noisehome's `HomeStatus`, kept and written to `$XDG_RUNTIME_DIR/noisehome/status.json` (a private
/// folder, the file 0600, replaced whole) at each change, for `noisehome --status`; removed at a clean stop.
actor HomeStatusFile {
    static let name = "status.json"
    private var status: HomeStatus
    private let folder: String
    private let logger: Logger

    init(folder: String, broker: String?, hooks: Bool, logger: Logger) {
        status = HomeStatus(pid: getpid(), now: Self.now(), broker: broker, hooks: hooks)
        self.folder = folder
        self.logger = logger
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func noised(connected: Bool, problem: String? = nil) {
        guard connected != status.noised.connected || problem != status.noised.problem else { return }
        status.noised = HomeStatus.Link(connected: connected, since: Self.now(), problem: problem)
        write()
    }

    func mqtt(connected: Bool, problem: String? = nil) {
        guard let mqtt = status.mqtt, connected != mqtt.connected || problem != mqtt.problem else { return }
        status.mqtt = HomeStatus.Link(connected: connected, since: Self.now(), problem: problem)
        write()
    }

    func hooks(ran: Int, failed: Int) {
        status.hooks = ["ran": ran, "failed": failed]
        write()
    }

    func write() {
        do {
            try WebStateFolder.ensurePrivate(folder)
            try LocalFile.replace(folder + "/" + Self.name, with: JSONCoding.line(status) + [0x0A], newFileMode: 0o600)
        } catch {
            logger.warning("cannot write \(folder)/\(Self.name) for noisehome --status: \(error)")
        }
    }

    func remove() {
        unlink(folder + "/" + Self.name)
    }
}
