"""An idle noised and noiseweb do not wake the CPU (docs/architecture.md, "Threads"; docs/performance.md, row 4c):
with nothing playing, no alarm due and no page open, no thread of either process is switched to in a 3 s window.
libdispatch's worker pool, once started, wakes once a second for ever; a job sent to it before Swift concurrency was
moved onto SwiftNIO's threads (one hop from `noiseclock`'s top-level code) started it in every process of the one
program. Three seconds hold three of its wake-ups: the window is a count, not a race with the machine's speed."""
import harness as H

def test_idle_noised_and_noiseweb_do_not_wake(make_daemon, make_web, testdata):
    d = make_daemon(device="null")
    web = make_web(d)
    assert d.ctl("status").returncode == 0
    assert H.quiet_window(d.proc.pid) == {}, "noised woke in every window while idle"
    assert H.quiet_window(web.proc.pid) == {}, "noiseweb woke in every window while idle"
