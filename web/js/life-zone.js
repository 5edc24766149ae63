// The daemon's wall clock on the life page. The daemon counts days ("today", a tap's day) in the system's time
// zone, which every status names (`alarms.time_zone`); reading the wall time in that zone through Intl, rather
// than in the browser's own, keeps the page's "end of today" on the daemon's midnight even when the browser is set
// to another zone. A zone Intl does not know falls back to the browser's.

import { timeOptions } from "/js/hours.js";

let zone;
let parts = formatter(undefined);
let clock = timeFormatter(undefined);

function formatter(timeZone) {
  // en-US with h23: Latin digits and hours 00–23 whatever the browser's language.
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    hourCycle: "h23", timeZone,
  });
}

function timeFormatter(timeZone) {
  return new Intl.DateTimeFormat(undefined, { ...timeOptions(), timeZone });
}

/// Follows the zone a status names.
export function setZone(name) {
  if (name === zone) return;
  try {
    parts = formatter(name || undefined);
    clock = timeFormatter(name || undefined);
    zone = name;
  } catch {
    parts = formatter(undefined);
    clock = timeFormatter(undefined);
    zone = undefined;
  }
}

/// The wall clock now: `date` as the daemon writes days (YYYY-MM-DD) and the seconds since its midnight.
export function wallNow() {
  const p = Object.fromEntries(parts.formatToParts(new Date()).map((part) => [part.type, part.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    seconds: Number(p.hour) * 3600 + Number(p.minute) * 60 + Number(p.second),
  };
}

/// `21:04` (or `9:04 PM`, in the [clock] hour format) for Unix seconds (a tap's `at`, an entry's `saved_at`), on
/// the daemon's wall clock.
export function timeOfDay(unix) {
  if (clock.resolvedOptions().hourCycle !== timeOptions().hourCycle) clock = timeFormatter(zone);
  return clock.format(new Date(unix * 1000));
}
