// The world page's big face: the local (`here`) time on an analog dial with its digits below, and the complication
// for one saved zone, chosen with the select and kept in the address (`?zone=Asia/Kolkata`). The complication's
// text is noiseweb's, as the terminal face writes it; nothing about it is computed here.

import { el } from "/js/dom.js";
import { makeDial } from "/js/world-dial.js";
import { hoursMinutesSeconds } from "/js/world-wall.js";

const dial = makeDial({ complication: true, className: "main" });
document.getElementById("dial").append(dial.root);
const digits = document.getElementById("here-time");
const hereZone = document.getElementById("here-zone");
const choose = document.getElementById("choose");
const select = document.getElementById("zone");

let chosen = new URL(location.href).searchParams.get("zone");
let shown = null;

function showComplication() {
  const zones = shown ? shown.zones : [];
  let i = zones.findIndex((zone) => zone.zone === chosen);
  if (i < 0) i = zones.length ? 0 : -1;
  const text = i < 0 ? "" : shown.complications[i];
  dial.label.textContent = text;
  if (text) dial.label.removeAttribute("hidden"); else dial.label.setAttribute("hidden", "");
  if (i >= 0 && select.value !== zones[i].zone) select.value = zones[i].zone;
}

select.addEventListener("change", () => {
  chosen = select.value;
  const next = new URL(location.href);
  next.searchParams.set("zone", chosen);
  history.replaceState(null, "", next);
  showComplication();
});

/// Takes a new `/api/world` answer: the select's zones, the complication and the zone's name under the digits.
export function showFace(answer) {
  shown = answer;
  const keys = answer.zones.map((zone) => zone.zone).join("\n");
  if (select.dataset.keys !== keys) {
    select.dataset.keys = keys;
    select.replaceChildren(...answer.zones.map((zone) => el("option", { value: zone.zone, textContent: `${zone.city} (${zone.zone})` })));
  }
  choose.hidden = answer.zones.length === 0;
  hereZone.textContent = `${answer.here.city} · ${answer.here.abbreviation}`;
  showComplication();
}

/// Turns the hands and the digits to `t` (world-wall.js's wall time here).
export function tickFace(t) {
  dial.set(t);
  const text = hoursMinutesSeconds(t);
  if (digits.textContent !== text) digits.textContent = text;
}
