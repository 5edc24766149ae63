import Glibc
import NIOPosix
import NoiseEventLoops
import NoiseHome

/// Runs one hook as a child process (docs/home.md, "Hooks"): the program with its arguments (no shell), the event's
/// line on its standard input, noisehome's environment with the call's variables added, its output noisehome's own
/// (the journal). It runs in a process group of its own, so at its time limit the whole group is killed, with
/// whatever the hook started.
enum HookProcess {
    /// How a run ended.
    enum Outcome: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case killedAtLimit(Double)
        case couldNotStart(String)

        var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "ended by signal \(signal)"
            case .killedAtLimit(let seconds): "killed after \(seconds.formatted) s, its time limit"
            case .couldNotStart(let reason): "could not start: \(reason)"
            }
        }

        var failed: Bool { self != .exited(0) }
    }

    /// Runs `call` to its end or its time limit. Waiting for the child is done on NIO's blocking pool, never on
    /// Swift's cooperative threads.
    static func run(_ call: HookCall, timeoutSeconds: Double) async -> Outcome {
        let pid: pid_t
        switch spawn(call) {
        case .success(let spawned): pid = spawned
        case .failure(let reason): return .couldNotStart(reason.text)
        }
        // The limit kills the group and says so; the child's end cancels it.
        let limit = Task { () -> Bool in
            do { try await EventLoopClock().sleep(for: .seconds(timeoutSeconds)) } catch { return false }
            kill(-pid, SIGKILL)
            return true
        }
        let status = await waitForExit(pid)
        limit.cancel()
        if await limit.value { return .killedAtLimit(timeoutSeconds) }
        if let signal = status.signal { return .signalled(signal) }
        return .exited(status.code)
    }

    struct Reason: Error { var text: String }

    /// Starts the child with a pipe on its standard input, writes the line and closes the pipe.
    private static func spawn(_ call: HookCall) -> Result<pid_t, Reason> {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .failure(Reason(text: String(cString: strerror(errno)))) }
        // Neither end leaks into another hook started meanwhile; the child gets the read end as its input only.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(pipeEnds[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        environment.merge(call.environment) { $1 }
        let argv = call.argv.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, call.argv[0], &actions, &attributes, argv, envp)
        close(pipeEnds[0])
        guard code == 0 else { return .failure(Reason(text: "\(call.argv[0]): \(String(cString: strerror(code)))")) }
        // A hook that does not read its input must not hold noisehome up: the line fits in the pipe's buffer, and a
        // closed reader is EPIPE (SIGPIPE is ignored by noisehome), not a signal.
        call.input.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(pipeEnds[1], bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
        }
        return .success(pid)
    }

    /// The child's end: its exit code, or the signal that ended it.
    private static func waitForExit(_ pid: pid_t) async -> (code: Int32, signal: Int32?) {
        let status = try? await NIOThreadPool.singleton.runIfActive {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status
        }
        guard let status else { return (-1, nil) }
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, nil) : (0, signal)
    }
}
