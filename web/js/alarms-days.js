// An alarm's `repeat` (docs/protocol.md, alarm_add) as a set of weekdays and back, and in words.

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
export const DAY_NAMES = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const NAMED = { once: [], daily: DAYS, weekdays: DAYS.slice(0, 5), weekends: ["sat", "sun"] };

/// The days a `repeat` rings on (empty for once), or null for one the page cannot show as days (`sols`).
export function daysOf(repeat) {
  if (!repeat) return new Set();
  if (NAMED[repeat]) return new Set(NAMED[repeat]);
  const days = new Set();
  for (const part of repeat.split(",")) {
    const [from, to] = part.split(/\.\.|-/);
    const start = DAYS.indexOf(from);
    const end = to === undefined ? start : DAYS.indexOf(to);
    if (start < 0 || end < 0) return null;
    // A range may wrap past Sunday (fri-mon).
    for (let i = start; ; i = (i + 1) % 7) { days.add(DAYS[i]); if (i === end) break; }
  }
  return days;
}

/// The `repeat` the daemon takes for a set of days, by its own names where one fits.
export function repeatOf(days) {
  const list = DAYS.filter((day) => days.has(day));
  for (const [name, named] of Object.entries(NAMED)) {
    if (named.length === list.length && named.every((day) => days.has(day))) return name;
  }
  return list.join(",");
}

/// `Once`, `Every day`, `Weekdays`, `Weekends`, `Mon, Wed, Fri`.
export function describeRepeat(repeat) {
  if (repeat === "sols") return "Every sol";
  const days = daysOf(repeat);
  if (!days) return repeat;
  const named = repeatOf(days);
  const words = { once: "Once", daily: "Every day", weekdays: "Weekdays", weekends: "Weekends" };
  return words[named] || DAYS.filter((day) => days.has(day)).map((day) => DAY_NAMES[day]).join(", ");
}
