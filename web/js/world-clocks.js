// The world page's list of saved zones, in the saved order: a small dial, the city, the time from here's clock plus
// the zone's offset, its date when that is not here's day, and noisectl's difference from here. Rows are rebuilt
// only when the zones change, and their text updated in place, so a tick moves nothing else.

import { el, replaceChildren } from "/js/dom.js";
import { makeDial } from "/js/world-dial.js";
import { hoursMinutes, wallTime } from "/js/world-wall.js";
import { removeButton } from "/js/world-edit.js";

const list = document.getElementById("clocks");
const hint = document.getElementById("hint");
let rows = [];

function row(zone, difference) {
  const dial = makeDial({ seconds: false, ticks: false, className: "small" });
  const time = el("span", { className: "time" });
  const date = el("span", { className: "date dim" });
  const confirm = el("div", { className: "confirm" });
  const node = el("li", { attrs: { "data-zone": zone.zone } },
    dial.root,
    el("div", { className: "words" },
      el("span", { className: "city", textContent: zone.city }),
      el("span", { className: "line" }, time, " ", date),
      el("span", { className: "offset dim", textContent: difference, attrs: { title: `${zone.abbreviation}, difference from here` } })),
    removeButton(zone.zone, zone.city, confirm), confirm);
  return { node, dial, time, date, offset: zone.utc_offset_seconds };
}

/// Takes a new `/api/world` answer.
export function showClocks(answer) {
  hint.hidden = answer.zones.length > 0;
  rows = answer.zones.map((zone) => {
    const difference = (answer.rows.find((r) => r.zone === zone.zone) || {}).offset || "";
    return row(zone, difference);
  });
  replaceChildren(list, rows.map((r) => r.node));
}

/// Turns every clock to the instant `unix`, `hereDay` being here's day number (world-wall.js's `day`).
export function tickClocks(unix, hereDay) {
  for (const r of rows) {
    const t = wallTime(unix, r.offset);
    r.dial.set(t);
    const time = hoursMinutes(t);
    if (r.time.textContent !== time) r.time.textContent = time;
    const date = t.day === hereDay ? "" : t.date;
    if (r.date.textContent !== date) r.date.textContent = date;
  }
}
