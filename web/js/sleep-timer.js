// A sleep timer in words, for the noise page and the face: when it ends (a time of day and what is left, counted
// on the page from the daemon's `remaining_seconds` in the last event) and the volume it fades to, and the
// "+15 min" both pages offer while a timer runs (`sleep_extend`).

import { command } from "/js/link.js";
import { formatDuration } from "/js/when.js";
import { timeOptions } from "/js/hours.js";

/// What the +15 min buttons add, in seconds.
export const EXTEND_SECONDS = 15 * 60;

/// The timer to show from a playback (or status) object: the one everything stops (or fades) by, else the
/// latest of the sounds' own; null when no sound has one. `everything` says which.
export function shownTimer(playback) {
  if (playback && playback.sleep_timer) return { timer: playback.sleep_timer, everything: true };
  const timers = ((playback && playback.playing) || [])
    .filter((sound) => sound.state !== "fading_out" && sound.sleep_timer).map((sound) => sound.sleep_timer);
  if (!timers.length) return null;
  const latest = timers.reduce((a, b) => (b.remaining_seconds > a.remaining_seconds ? b : a));
  return { timer: latest, everything: false };
}

/// When `timer` ends on this page's clock (ms), from the figure the daemon gave just now.
export function endOf(timer) {
  return Date.now() + timer.remaining_seconds * 1000;
}

/// `stops in 19:59 (at 23:45)`, `fades to 10 % in 4:00 (at 23:45)`, or once a floor is reached `plays on at 10 %`.
export function sleepText(timer, ends) {
  const left = (ends - Date.now()) / 1000;
  if (timer.remaining_seconds <= 0) return `plays on at ${timer.fade_to} % (the timer ended)`;
  const at = new Intl.DateTimeFormat(undefined, timeOptions()).format(new Date(ends));
  const verb = timer.fade_to > 0 ? `fades to ${timer.fade_to} %` : "stops";
  return `${verb} in ${formatDuration(left)} (at ${at})`;
}

/// Every timer ends 15 minutes later; sounds fading come back. Resolves to the reply (its error shown by the caller).
export function extendSleep() {
  return command("sleep_extend", { seconds: EXTEND_SECONDS });
}
