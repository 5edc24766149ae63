import CLinux
import Glibc
import NoiseCore
import NoiseSystem

/// The wall clock on Linux: a timerfd on `CLOCK_REALTIME_ALARM` when the process holds `CAP_WAKE_ALARM` (so an
/// alarm wakes a suspended machine), else on `CLOCK_REALTIME`; armed with `TFD_TIMER_ABSTIME |
/// TFD_TIMER_CANCEL_ON_SET`, so a clock that is set ends the wait at once. The blocking `poll` runs on its own
/// thread per wait, never on Swift's cooperative pool; an eventfd interrupts it, and a change of the files that
/// alarms depend on (`watching`: the system zone's, the satellites' elements, the config) ends it too.
public final class TimerFDWallClock: WallClock {
    private let timer: Int32
    private let wake: Int32
    private let fileWatch: FileWatch?
    public let wakesFromSuspend: Bool

    public init(watching files: @escaping @Sendable () -> [String]) throws(StartupError) {
        var descriptor = timerfd_create(CLOCK_REALTIME_ALARM, Int32(TFD_CLOEXEC))
        wakesFromSuspend = descriptor >= 0
        if descriptor < 0 { descriptor = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC)) }
        guard descriptor >= 0 else { throw StartupError("cannot create a timer: \(String(cString: strerror(errno)))") }
        timer = descriptor
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else { throw StartupError("cannot create an eventfd: \(String(cString: strerror(errno)))") }
        fileWatch = FileWatch(files: files)
    }

    deinit {
        close(timer)
        close(wake)
    }

    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public func interrupt() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    public func wait(until deadline: Double?) async -> WakeReason {
        // Far in the future when there is no deadline: the timer still reports clock changes.
        let target = deadline ?? (now() + 365 * 86_400)
        let whole = target.rounded(.down)
        var setting = itimerspec(
            it_interval: timespec(),
            it_value: timespec(tv_sec: Int(whole), tv_nsec: Int((target - whole) * 1e9)))
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        guard timerfd_settime(timer, flags, &setting, nil) == 0 else { return .clockChanged }
        let (timer, wake, fileWatch) = (self.timer, self.wake, self.fileWatch)
        return await BlockingWork.run(name: "noised-timer") { () -> WakeReason in
            var descriptors = [
                pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                pollfd(fd: fileWatch?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                while poll(&descriptors, 3, -1) < 0 && errno == EINTR {}
                if descriptors[1].revents & Int16(POLLIN) != 0 {
                    var count: UInt64 = 0
                    _ = read(wake, &count, 8)
                    return .interrupted
                }
                if descriptors[0].revents & Int16(POLLIN) != 0 {
                    var expirations: UInt64 = 0
                    // A clock that was set makes the read fail with ECANCELED.
                    return read(timer, &expirations, 8) < 0 && errno == ECANCELED ? .clockChanged : .deadline
                }
                // Something else changed in a watched folder: wait on.
                if fileWatch?.changed() == true { return .filesChanged }
            }
        }
    }
}
