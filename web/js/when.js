// Durations and the daemon's instants in words, and the one-second tick countdowns share. The tick runs only
// while something counts down, so a page with nothing to count sleeps.

import { timeOptions } from "/js/hours.js";

/// `1:05:09`, `4:09`, `0:07` for seconds left.
export function formatDuration(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

// The daemon's instants carry their zone's offset; shifting by it and formatting as UTC shows the daemon's wall
// time without parsing `local` (docs/protocol.md asks clients to compute from `unix` and `offset_seconds`), so
// the browser's own zone does not matter.

/// `instant` (`{unix, offset_seconds}`) formatted with Intl `options` (hour, minute, weekday...) at the daemon's offset.
export function wallClock(instant, options) {
  const shifted = new Date((instant.unix + (instant.offset_seconds || 0)) * 1000);
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: "UTC" }).format(shifted);
}

/// `Mon 30 Nov, 07:00` (or `7:00 AM`, in the [clock] hour format) for an instant `{unix, offset_seconds}`.
export function formatInstant(instant) {
  return wallClock(instant, { weekday: "short", day: "numeric", month: "short", ...timeOptions() });
}

/// `Mon 4 Jan` for a calendar date `YYYY-MM-DD` (as the daemon sends one: a day, in no zone).
export function formatDay(date) {
  const [year, month, day] = date.split("-").map(Number);
  return wallClock({ unix: Date.UTC(year, month - 1, day) / 1000 }, { weekday: "short", day: "numeric", month: "short" });
}

/// Calls `show()` every second while the page is seen, and not at all while it is hidden (a hidden tab counts
/// nothing and asks noiseweb nothing); `onSeenAgain()` runs when it comes back into view.
export function everySecondWhileSeen(show, onSeenAgain = () => {}) {
  let stop = null;
  const follow = () => {
    if (document.hidden) {
      if (stop) { stop(); stop = null; }
    } else if (!stop) {
      stop = everySecond(show);
      onSeenAgain();
    }
  };
  document.addEventListener("visibilitychange", follow);
  follow();
}

const counters = new Set();
let tick = null;

/// Calls `show()` now and just after each whole second of the wall clock until the returned function is called: a
/// clock's seconds change when the second does, not up to a second late as a plain interval's would. One timer for
/// every counter on the page, set again each time (a timer drifts; the clock does not).
export function everySecond(show) {
  show();
  counters.add(show);
  const schedule = () => {
    tick = setTimeout(() => {
      for (const f of counters) f();
      // A counter may have stopped itself (and the last one the tick) while it ran.
      if (counters.size > 0) schedule(); else tick = null;
    }, 1000 - (Date.now() % 1000) + 2);
  };
  if (!tick) schedule();
  return () => {
    counters.delete(show);
    if (counters.size === 0) { clearTimeout(tick); tick = null; }
  };
}
