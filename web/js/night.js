// The night screen (docs/web.md, "The night screen"), on every page (ringing.js imports it): /css/night.css, which
// every page links in its <head>, makes the first paint dark already at night; this keeps the look right while the
// page stays open. It asks noiseweb for the night's window (/api/night, from [clock] night, in the system's zone or
// by the Sun at [location]) and, at the window's edge, sets `night` or `day` on <html>, which the sheet follows over
// a few seconds. The hook for others: `dawn` on <html> (the dawn's script) lifts the cap, as the ringing screen's
// `alarm-ringing` does; neither is set here.

import { reading } from "/js/link.js";

const root = document.documentElement;
// Ask again at least this often (ms): a change made with noisectl or on another page shows within it.
const RECHECK_MS = 15 * 60 * 1000;
let timer = 0;

function apply(window) {
  root.classList.toggle("night", window.night);
  root.classList.toggle("day", !window.night);
  root.style.setProperty("--night-cap", window.cap);
}

/// Reads the window now and schedules the next reading at its edge (or within RECHECK_MS). The face calls it after
/// saving a night setting.
export async function refreshNight() {
  clearTimeout(timer);
  const reply = await reading("/api/night");
  let wait = RECHECK_MS;
  if (reply.ok) {
    apply(reply.data);
    // A second past the edge, so the answer is already the next one.
    wait = Math.min(wait, Math.max(1000, reply.data.next_change * 1000 - Date.now() + 1000));
  }
  timer = setTimeout(refreshNight, wait);
}

// A sleeping machine's timers stop: a page shown again asks at once.
document.addEventListener("visibilitychange", () => { if (!document.hidden) refreshNight(); });
refreshNight();
