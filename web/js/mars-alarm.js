// The Mars page's alarm form: `alarm_add` with a Mars clock (docs/mars.md), as `noisectl alarm add --mars` sends it;
// the daemon checks it and says when it rings next, on Earth's clock.

import { sendForm } from "/js/field-errors.js";
import { el } from "/js/dom.js";
import { formatInstant } from "/js/when.js";

const form = document.getElementById("alarm-form");
const time = document.getElementById("alarm-time");
const place = document.getElementById("alarm-place");
const solar = document.getElementById("alarm-solar");
const sols = document.getElementById("alarm-sols");
const label = document.getElementById("alarm-label");
const error = document.getElementById("alarm-error");
const added = document.getElementById("alarm-added");

/// Offers the places on the cards (a site by its id, a longitude as typed).
export function showAlarmPlaces(places) {
  const value = place.value;
  place.replaceChildren(...places.map((p) => el("option", { value: p.text, textContent: p.name, attrs: { "data-site": p.site || "" } })));
  if (places.some((p) => p.text === value)) place.value = value;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const chosen = place.selectedOptions[0];
  if (!chosen) return;
  const args = { time: time.value, repeat: sols.checked ? "sols" : "once", solar: solar.checked };
  if (chosen.dataset.site) args.mars_site = chosen.dataset.site; else args.mars_lon = chosen.value;
  if (label.value.trim()) args.label = label.value.trim();
  added.textContent = "";
  const data = await sendForm("alarm_add", args, [
    { input: time, names: ["time"], what: "the time", matches: /is not a time of day/, empty: "Choose the time on Mars it rings, e.g. 06:30." },
    { input: place, names: ["mars_lon", "mars_site"], what: "the place" },
    { input: label, names: ["label"], what: "the label" },
  ], error);
  if (data && data.alarm) {
    const next = data.next_trigger ? `; it rings next ${formatInstant(data.next_trigger)}` : "";
    added.textContent = `Alarm ${data.alarm.id} added${next}.`;
  }
});
