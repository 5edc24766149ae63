"""An idle noised and noiseweb do not wake the CPU (docs/architecture.md, "Threads"; docs/performance.md, row 4c):
with nothing playing, no alarm due and no page open, no thread of either process is switched to in a 3 s window.
libdispatch's worker pool, once started, wakes once a second for ever; a job sent to it before Swift concurrency was
moved onto SwiftNIO's threads (one hop from `noiseclock`'s top-level code) started it in every process of the one
program. Three seconds hold three of its wake-ups: the window is a count, not a race with the machine's speed."""
import time
from pathlib import Path

WINDOW = 3.0


def _switches(pid: int) -> dict[str, int]:
    """Every thread's context switches so far, by its name and id."""
    counts = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        status = (task / "status").read_text().splitlines()
        switches = sum(int(line.split()[1]) for line in status
                       if line.split(":")[0] in ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"))
        counts[f"{(task / 'comm').read_text().strip()} {task.name}"] = switches
    return counts


def _a_quiet_window(pid: int, tries: int = 3) -> dict[str, int]:
    """The threads switched to in a 3 s window, for the first of `tries` windows in which none was (then {}): the
    start's own last work may fall in the first window; a once-a-second monitor falls in every one."""
    for _ in range(tries):
        before = _switches(pid)
        time.sleep(WINDOW)  # the measurement window itself, not a wait for an event
        after = _switches(pid)
        woken = {name: after[name] - before.get(name, 0) for name in after if after[name] > before.get(name, 0)}
        if not woken:
            return woken
    return woken


def test_idle_noised_and_noiseweb_do_not_wake(make_daemon, make_web, testdata):
    d = make_daemon(device="null")
    web = make_web(d)
    assert d.ctl("status").returncode == 0
    assert _a_quiet_window(d.proc.pid) == {}, "noised woke in every window while idle"
    assert _a_quiet_window(web.proc.pid) == {}, "noiseweb woke in every window while idle"
