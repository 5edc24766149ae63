import CLinux
import Glibc

/// What the terminal clock waits for, as file descriptors for one `poll`: the wall clock's second boundaries
/// (a timerfd on CLOCK_REALTIME, told when the clock is set) and the signals it handles (a signalfd, so a
/// signal is handled in the loop in order, never inside a handler).
final class ClockWakeups {
    enum Signal {
        case resize
        case quit
        case suspend
        case resume
    }

    let timer: Int32
    let signals: Int32
    private var blocked = sigset_t()
    private var previousMask = sigset_t()

    static let handled: [(Int32, Signal)] = [
        (SIGWINCH, .resize), (SIGINT, .quit), (SIGTERM, .quit), (SIGHUP, .quit), (SIGQUIT, .quit),
        (SIGTSTP, .suspend), (SIGCONT, .resume),
    ]

    init() {
        sigemptyset(&blocked)
        for (number, _) in Self.handled { sigaddset(&blocked, number) }
        sigprocmask(SIG_BLOCK, &blocked, &previousMask)
        signals = signalfd(-1, &blocked, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        timer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
    }

    deinit {
        close(timer)
        close(signals)
        sigprocmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Fires at every whole second of the wall clock from now on. Armed absolute, with cancel-on-set: when the
    /// clock is stepped (NTP, a manual change, a resume) the next read fails with ECANCELED and the clock
    /// redraws at once instead of a second late or early.
    func armEverySecond() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: now.tv_sec + 1, tv_nsec: 0)
        spec.it_interval = timespec(tv_sec: 1, tv_nsec: 0)
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    /// Fires every `milliseconds` from now on (relative, so a change of the wall clock does not move it); 0
    /// stops it. For the stopwatch, which ticks only while it runs.
    func arm(everyMilliseconds milliseconds: Int) {
        let interval = timespec(tv_sec: milliseconds / 1000, tv_nsec: milliseconds % 1000 * 1_000_000)
        var spec = itimerspec(it_interval: interval, it_value: interval)
        timerfd_settime(timer, 0, &spec, nil)
    }

    /// Consumes the timer's expirations; re-arms it after a clock change.
    func drainTimer() {
        var expirations: UInt64 = 0
        let count = read(timer, &expirations, MemoryLayout<UInt64>.size)
        if count < 0 && errno == ECANCELED { armEverySecond() }
    }

    /// The signals that arrived, in order.
    func drainSignals() -> [Signal] {
        var received: [Signal] = []
        var info = signalfd_siginfo()
        while read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            if let match = Self.handled.first(where: { UInt32($0.0) == info.ssi_signo }) { received.append(match.1) }
        }
        return received
    }

    /// Stops this process as Ctrl-Z would have, with the default action the blocked SIGTSTP did not get.
    func suspendSelf() {
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        signal(SIGTSTP, SIG_DFL)
        sigprocmask(SIG_UNBLOCK, &stop, nil)
        kill(getpid(), SIGTSTP)
        sigprocmask(SIG_BLOCK, &stop, nil)
    }
}
