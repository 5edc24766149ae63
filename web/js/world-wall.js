// Wall-clock arithmetic for the world page: a zone's time is the browser's clock plus the offset noiseweb gave for
// it (docs/web.md, "The world page"); no tz rules live here, so a shifted UTC date is read with getUTC* only.

import { clockText } from "/js/hours.js";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// The wall time `unix` reads at `offsetSeconds` east of UTC.
export function wallTime(unix, offsetSeconds) {
  const shifted = new Date((unix + offsetSeconds) * 1000);
  return {
    h: shifted.getUTCHours(), m: shifted.getUTCMinutes(), s: shifted.getUTCSeconds(),
    day: Math.floor((unix + offsetSeconds) / 86400),
    // As noisectl world writes a date (WorldClockRow.shortDate): `Sun 24 Nov`.
    date: `${WEEKDAYS[shifted.getUTCDay()]} ${shifted.getUTCDate()} ${MONTHS[shifted.getUTCMonth()]}`,
  };
}

/// `19:05` or `7:05 PM`, in the [clock] hour format, as the face's digits read.
export const hoursMinutes = (t) => clockText(t.h, t.m);
export const hoursMinutesSeconds = (t) => clockText(t.h, t.m, t.s);

/// Degrees clockwise from 12 o'clock; the hour and minute hands move on with the seconds, as a real movement does.
export function handAngles(t) {
  return {
    hour: (t.h % 12) * 30 + t.m * 0.5 + t.s / 120,
    minute: t.m * 6 + t.s * 0.1,
    second: t.s * 6,
  };
}
