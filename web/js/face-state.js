// The face's [clock] settings: the saved ones as /api/clock gives them, one copy for the whole page, and saving
// a change through it; whoever shows a setting listens here and re-renders from what was saved.

import { clockSettings, saveClockSettings } from "/js/link.js";
import { firstClockSettings, setHourFormat } from "/js/hours.js";

/// [clock]'s defaults (docs/configuration.md), used until /api/clock answers and for keys it does not give.
export const DEFAULTS = Object.freeze({
  format: "locale", seconds: false, ampm: true, date: false, color: "default", background: "default",
  theme: "terminal", random_color: false, size: 100, glow: 0, opacity: 100, overlay_opacity: 60, font: "",
  weight: 300, design: "default", next_alarm: true, now_playing: true,
});

let settings = { ...DEFAULTS };
let loadedOnce = false;
const listeners = new Set();

export function current() {
  return settings;
}

/// Calls `handler(settings)` now and after every load or save.
export function onSettings(handler) {
  listeners.add(handler);
  handler(settings);
}

function adopt(data) {
  settings = { ...DEFAULTS, ...data };
  setHourFormat(settings.format);
  for (const handler of listeners) handler(settings);
}

/// Reads the saved settings; the reply (an error one included) is returned for the caller to show.
export async function load() {
  // The page's first read is the one hours.js made for the hour format; a later one (after an error) asks again.
  const reply = await (loadedOnce ? clockSettings() : firstClockSettings());
  loadedOnce = true;
  if (reply.ok) adopt(reply.data);
  return reply;
}

/// Saves `changes`; on success every listener re-renders from the reply's settings. On an error nothing changes
/// here, and the caller shows the reply's message and puts its control back to `current()`.
export async function save(changes) {
  const reply = await saveClockSettings(changes);
  if (reply.ok) adopt(reply.data);
  return reply;
}
