// The pages' one hour format: config.toml's [clock] `format` (`locale`, `12h` or `24h`), the face's own setting, so
// every time on every page reads as the face does (docs/web.md, "Times on every page"). Read once per page from
// /api/clock; the face page hands it every change it saves. Pages open their link with `hoursKnown.then(start)`,
// so what the first status brings is shown in the right format at once.

import { clockSettings } from "/js/link.js";

let format = "locale";
const listeners = new Set();
let first = null;

/// The saved [clock] settings as /api/clock first answered them on this page: one request, whoever asks first.
export function firstClockSettings() {
  first ??= clockSettings();
  return first;
}

/// Resolves once the saved format is known (or could not be read: then the browser language's, as `locale`).
export const hoursKnown = firstClockSettings().then((reply) => {
  if (reply.ok && reply.data && reply.data.format) setHourFormat(reply.data.format);
});

/// Whether `settings.format` means a 12-hour clock here (`locale`: the browser language's hour cycle).
export function twelveHour(settings = { format }) {
  if (settings.format === "12h") return true;
  if (settings.format === "24h") return false;
  const cycle = new Intl.DateTimeFormat([], { hour: "numeric" }).resolvedOptions().hourCycle;
  return cycle === "h11" || cycle === "h12";
}

/// Follows a saved change of `format` (the face's settings); listeners show their times again.
export function setHourFormat(next) {
  if (next === format) return;
  format = next;
  for (const handler of listeners) handler();
}

/// Calls `handler()` whenever the format changes after the page showed its times.
export function onHourFormat(handler) {
  listeners.add(handler);
}

/// Intl options for an hour and minute in the format: `7:05 PM` (no leading zero) or `19:05`.
export function timeOptions() {
  return twelveHour() ? { hour: "numeric", minute: "2-digit", hourCycle: "h12" }
                      : { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
}

const pad = (n) => String(n).padStart(2, "0");

/// `h`, `m` (and `s` when given) of a wall clock as the format writes them: `19:05`, `7:05 PM`, `7:05:09 PM`.
export function clockText(h, m, s) {
  const seconds = s === undefined ? "" : ":" + pad(s);
  if (!twelveHour()) return `${pad(h)}:${pad(m)}${seconds}`;
  return `${h % 12 || 12}:${pad(m)}${seconds} ${h < 12 ? "AM" : "PM"}`;
}

/// An alarm's time of day as the daemon writes it (`07:05`, `07:05:30`) in the format; anything else as given.
export function alarmTime(text) {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text || "");
  if (!match) return text;
  return clockText(Number(match[1]), Number(match[2]), match[3] === undefined ? undefined : Number(match[3]));
}
