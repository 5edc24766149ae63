// The ISS page (docs/web.md, "The ISS page"): the station on the world map, where it is and how you would see
// it, its passes and an alarm before them. Positions come from noiseweb's `/api/iss` (Orbits, in Swift): twenty
// seconds of them per request (steps.js), shown each second while the page is seen; the track once a minute, the
// passes when the first has gone by.
// `?at=UNIX` holds one instant; `?satellite=N` shows another satellite of the kept elements.

import { on, reading } from "/js/link.js";
import { el, showLinkBanner, replaceChildren } from "/js/dom.js";
import { coalesced } from "/js/forms.js";
import { everySecondWhileSeen } from "/js/when.js";
import { steppedReader } from "/js/steps.js";
import { drawSituation, drawTrack } from "/js/iss-map.js";
import { loadPasses, setPassZone, wirePassAlarm } from "/js/iss-passes.js";
import { pointAt } from "/js/iss-compass.js";
import { showInView } from "/js/iss-hud.js";
import { wireLocation } from "/js/iss-location.js";
import { refusalLine, waiter } from "/js/iss-wait.js";
import "/js/ringing.js";
import "/js/dawn.js";

const address = new URL(location.href);
const at = address.searchParams.get("at");
const satellite = address.searchParams.get("satellite");
const error = document.getElementById("iss-error");
const facts = document.getElementById("now");
const notes = document.getElementById("notes");
let shownSatellite = satellite === null ? 25544 : Number(satellite);
let trackAsked = -Infinity;
let track = null;
let passesUntil = -Infinity;

function query(extra = {}) {
  const params = new URLSearchParams(extra);
  if (at !== null) params.set("at", at);
  if (satellite !== null) params.set("satellite", satellite);
  const text = params.toString();
  return text ? "?" + text : "";
}

const hemisphere = (value, plus, minus) => `${Math.abs(value).toFixed(2)}° ${value >= 0 ? plus : minus}`;

function showFacts(now) {
  const rows = [
    ["Satellite", `${now.name || "Satellite"} (${now.satellite})`, "name"],
    ["Over", `${hemisphere(now.latitude_deg, "N", "S")} ${hemisphere(now.longitude_deg, "E", "W")}`, "over"],
    ["Height", `${now.altitude_km.toFixed(0)} km, ${now.speed_km_s.toFixed(2)} km/s`, "height"],
    ["Light", now.sunlit ? "sunlit" : "in the Earth's shadow", "light"],
    [`From ${now.observer}`, `azimuth ${now.azimuth_deg.toFixed(1)}°, elevation ${now.elevation_deg.toFixed(1)}°, `
      + `${now.range_km.toFixed(0)} km` + (now.above_horizon ? ", above the horizon" : ", below the horizon"), "look"],
    ["UTC", now.utc.replace("T", " ").replace(/\.\d+Z$/, ""), "utc"],
  ];
  if (facts.children.length !== rows.length * 2) {
    replaceChildren(facts, rows.flatMap(([label, , key]) => [el("dt", { textContent: label, attrs: { "data-key": key } }),
      el("dd", { attrs: { "data-key": key } })]));
  }
  rows.forEach(([label, text, key]) => {
    facts.querySelector(`dt[data-key="${key}"]`).textContent = label;
    const cell = facts.querySelector(`dd[data-key="${key}"]`);
    if (cell.textContent !== text) cell.textContent = text;
  });
  const wanted = now.notes.join("\n");
  if (notes.dataset.shown !== wanted) {
    notes.dataset.shown = wanted;
    replaceChildren(notes, now.notes.map((note) => el("li", { textContent: note })));
  }
}

// Live: twenty seconds of situations per request (each about 4 KB: the footprint and the night side's outlines).
// Held (`?at=`): the one instant.
const live = steppedReader(20);
// After a refusal (old orbit data, none, no place) the tick asks again only when the wait is over.
const wait = waiter();

const refresh = coalesced(async () => {
  if (!wait.due()) return;
  const reply = await (at === null ? live("/api/iss" + query()) : reading("/api/iss" + query()));
  if (!reply.ok) {
    error.textContent = refusalLine(reply.error, shownSatellite);
    document.body.dataset.askAgainSeconds = String(wait.refused());
    return;
  }
  wait.answered();
  delete document.body.dataset.askAgainSeconds;
  error.textContent = "";
  const situation = reply.data;
  const unix = Date.parse(situation.now.utc) / 1000;
  shownSatellite = situation.now.satellite;
  drawSituation(situation);
  showFacts(situation.now);
  pointAt(situation.now);
  showInView(situation.now);
  if (Math.abs(unix - trackAsked) >= 60) {
    trackAsked = unix;
    const answer = await reading("/api/iss/track" + query());
    if (answer.ok) track = answer.data;
  }
  if (track) drawTrack(track, unix);
  if (unix >= passesUntil) {
    passesUntil = Infinity;
    passesUntil = (await loadPasses(query())) ?? unix + 600;
  }
  document.body.dataset.loaded = "";
});

showLinkBanner();
// The passes' times are the daemon's wall clock: shown again in its zone once a status names it.
// A later status (the link back after noised or noiseweb was away) may come with new elements, imported or
// downloaded meanwhile: ask again now rather than at the end of a refusal's wait. The page's first status brings
// nothing its first request did not see.
let statusSeen = false;
on("status", (status) => {
  const again = statusSeen;
  statusSeen = true;
  if (again) wait.now();
  const zoneChanged = setPassZone(status.alarms && status.alarms.time_zone);
  if (zoneChanged) passesUntil = -Infinity;
  if (zoneChanged || again) refresh();
});
wirePassAlarm(() => shownSatellite);
// A new place changes what the station looks like from here and the passes: ask for both again.
wireLocation(() => { passesUntil = -Infinity; wait.now(); refresh(); });
if (at === null) {
  everySecondWhileSeen(refresh);
} else {
  refresh();
}
