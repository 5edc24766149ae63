// Adding and removing world clocks on the page (`[world] zones`, as `noisectl world add` and `remove` keep them).
// The page sends the whole list, the saved one (`saved` of the last /api/world answer) with the zone added or taken
// out; noiseweb checks a new zone against the tz database as `noisectl world add` does and saves through the same
// ConfigStore, and its refusal (an unknown zone, with close names) is shown beside the field. The list is then
// asked for again, so the clocks show what was saved.

import { saveWorld } from "/js/link.js";
import { el } from "/js/dom.js";
import { confirmInline } from "/js/forms.js";

const form = document.getElementById("world-add");
const field = document.getElementById("world-zone");
const names = document.getElementById("zone-names");
const errorNode = document.getElementById("world-add-error");

let saved = () => [];
let reload = () => {};

async function save(zones) {
  const reply = await saveWorld(zones);
  errorNode.textContent = reply.ok ? "" : reply.error.message.replace(/^world\.zones: /, "");
  field.setAttribute("aria-invalid", String(!reply.ok));
  if (reply.ok) await reload();
  return reply.ok;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const zone = field.value.trim();
  if (zone === "") {
    errorNode.textContent = "Type a zone's name, e.g. Europe/Berlin or America/New_York.";
    field.setAttribute("aria-invalid", "true");
    return;
  }
  if (saved().includes(zone)) {
    errorNode.textContent = `${zone} is already saved.`;
    return;
  }
  if (await save([...saved(), zone])) field.value = "";
});

/// The Remove button of a clock's row, asking in the row first (`host`) as the alarms page does.
export function removeButton(zone, city, host) {
  return el("button", {
    type: "button", className: "remove", textContent: "Remove",
    attrs: { "aria-label": `Remove the clock of ${city}`, "data-focus-key": "remove-" + zone },
    on: { click: () => confirmInline(host, `Remove ${city}?`, "Remove", () => save(saved().filter((z) => z !== zone))) },
  });
}

/// `savedZones()` gives the saved list of the last answer; `reloadWorld()` asks for the clocks again.
export function setUpWorldEdit(savedZones, reloadWorld) {
  saved = savedZones;
  reload = reloadWorld;
  // The browser's own list of zone names, to pick from as one types (noiseweb still checks the name).
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  names.replaceChildren(...zones.map((zone) => el("option", { value: zone })));
}
