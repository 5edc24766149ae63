// The Mars page's sites side by side (at most five, the first the saved site) and the big clock on the one
// chosen: cards rebuilt from each `/api/mars` answer, their rows updated in place so a second's tick moves no focus.

import { el, replaceChildren } from "/js/dom.js";
import { clockText, readingRows } from "/js/mars-format.js";

const list = document.getElementById("places");
const bigName = document.getElementById("big-name");
const bigTime = document.getElementById("big-time");
const bigSol = document.getElementById("big-sol");

/// Shows `answer.places`; `shown` is the index on the big clock; `actions` has `show(i)` and `remove(i)`.
export function showPlaces(answer, shown, actions) {
  const places = answer.places;
  const keys = places.map((place) => place.text).join("\n");
  if (list.dataset.keys !== keys || list.dataset.shown !== String(shown)) {
    list.dataset.keys = keys;
    list.dataset.shown = String(shown);
    replaceChildren(list, places.map((place, i) => card(place, i, i === shown, places.length, actions)));
  }
  places.forEach((place, i) => {
    const rows = readingRows(place.reading);
    const node = list.children[i];
    for (const [, text, key] of rows) {
      const cell = node.querySelector(`dd[data-key="${key}"]`);
      if (cell && cell.textContent !== text) cell.textContent = text;
    }
  });
  const big = places[shown] || places[0];
  bigName.textContent = big.name;
  bigTime.textContent = clockText(big.reading.lmst_hours);
  bigTime.dataset.place = big.text;
  const mission = big.reading.mission_sol ?? null;
  bigSol.textContent = `LMST · sol ${big.reading.sol}` + (mission === null ? "" : ` · mission sol ${mission}`);
}

function card(place, i, shown, count, actions) {
  const rows = readingRows(place.reading);
  const reading = el("dl", { className: "reading" },
    rows.flatMap(([label, text, key]) => [el("dt", { textContent: label }), el("dd", { textContent: text, attrs: { "data-key": key } })]));
  const buttons = el("div", { className: "row" },
    el("button", {
      type: "button", textContent: shown ? "On the big clock" : "Show big", disabled: shown,
      attrs: { "data-focus-key": `show-${place.text}` }, on: { click: () => actions.show(i) },
    }),
    count > 1 ? el("button", {
      type: "button", textContent: "Remove", attrs: { "data-focus-key": `remove-${place.text}`, "aria-label": `Remove ${place.name}` },
      on: { click: () => actions.remove(i) },
    }) : null);
  return el("li", { className: shown ? "shown" : "", attrs: { "data-place": place.text } },
    el("h3", { textContent: place.name }), reading, buttons);
}
