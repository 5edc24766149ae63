// Live values a second at a time without asking noiseweb every second (docs/web.md, "Live values"): a page asks
// for the readings of the next seconds at once (`&steps=N`: Swift's values, one for each whole second), shows the
// one for the second on its clock, and asks again when a few are left. noiseweb then wakes for the page a few
// times a minute instead of every second; the values are still noiseweb's, the page only picks one.

import { reading } from "/js/link.js";

/// Asks again when this many seconds are left: time for the answer to come before the last one is shown.
const LEFT_WHEN_ASKED = 5;

/// A reader of `path`'s readings (a path without `at` and `steps`), `count` at a time: `read(path)` resolves to
/// `{ok, data}` as the endpoint answers one instant (data: the reading for the current whole second), or its refusal.
export function steppedReader(count) {
  let asked = null;
  let from = 0;
  let steps = [];

  async function fetchFrom(path, second) {
    const reply = await reading(`${path}${path.includes("?") ? "&" : "?"}at=${second}&steps=${count}`);
    if (reply.ok) {
      asked = path;
      from = reply.data.from;
      steps = reply.data.steps;
    }
    return reply;
  }

  async function read(path) {
    const second = Math.floor(Date.now() / 1000);
    const kept = asked === path && second >= from && second < from + steps.length;
    if (!kept || from + steps.length - second <= LEFT_WHEN_ASKED) {
      const reply = await fetchFrom(path, second);
      // A refused refill while readings are left: show them, and ask again next second.
      if (!reply.ok && !kept) return reply;
    }
    return { ok: true, data: steps[Math.min(Math.max(second - from, 0), steps.length - 1)] };
  }

  /// The readings kept are `path`'s too: a page whose first path named nothing (the saved site) and whose next
  /// names what the answer said does not ask again for the same readings.
  read.same = (path) => { if (asked !== null) asked = path; };
  return read;
}
