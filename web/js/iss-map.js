// The ISS page's world map (docs/web.md, "The ISS page"): every position comes from noiseweb (Orbits, in Swift);
// this module only projects them, equirectangular as the land in iss-land.js (x = longitude + 180, y = 90 −
// latitude), and cuts lines where they cross the date line so none is drawn across the map.

import { LAND_PATH } from "/js/iss-land.js";

const svg = (id) => document.getElementById(id);
const round = (n) => Math.round(n * 100) / 100;
const x = (lon) => round(lon + 180);
const y = (lat) => round(90 - lat);

svg("land").setAttribute("d", LAND_PATH);

/// A path through [lat, lon] points, a new subpath wherever two neighbours are more than half the map apart.
function polyline(points) {
  let d = "";
  let last = null;
  for (const [lat, lon] of points) {
    d += (last === null || Math.abs(lon - last) > 180 ? "M" : "L") + x(lon) + " " + y(lat);
    last = lon;
  }
  return d;
}

/// A ring (the footprint), drawn whole even over the date line or a pole: its longitudes unwrapped into one run,
/// closed along the map's top or bottom edge when it goes all the way round (it holds a pole), and drawn again
/// a map's width to either side, so the part beyond an edge comes in at the other (the viewBox clips the rest).
function ring(points, center) {
  const run = [];
  for (const [lat, lon] of points) {
    let next = lon;
    if (run.length) {
      const previous = run[run.length - 1][1];
      while (next - previous > 180) next -= 360;
      while (previous - next > 180) next += 360;
    }
    run.push([lat, next]);
  }
  const span = run[run.length - 1][1] - run[0][1];
  if (Math.abs(span) > 180) {
    const pole = center[0] >= 0 ? 90 : -90;
    run.push([pole, run[run.length - 1][1]], [pole, run[0][1]]);
  }
  return [-360, 0, 360].map((shift) =>
    run.map(([lat, lon], i) => (i ? "L" : "M") + round(lon + shift + 180) + " " + y(lat)).join("") + "Z").join("");
}

/// The night side: below (or above) the terminator, toward the pole the Sun's declination turns away.
function night(terminator, subsolar) {
  const dark = subsolar[0] >= 0 ? -90 : 90;
  return polyline(terminator) + `L${x(180)} ${y(dark)}L${x(-180)} ${y(dark)}Z`;
}

function place(group, lat, lon) {
  group.setAttribute("transform", `translate(${x(lon)} ${y(lat)})`);
  group.dataset.lat = String(lat);
  group.dataset.lon = String(lon);
  // An SVG element has no `hidden` property: the attribute itself is what base.css hides.
  group.removeAttribute("hidden");
}

/// Draws the situation `/api/iss` answers: the station, its footprint, the night side and the observer.
export function drawSituation(situation) {
  const now = situation.now;
  place(svg("station"), now.latitude_deg, now.longitude_deg);
  svg("footprint").setAttribute("d", ring(situation.footprint, [now.latitude_deg, now.longitude_deg]));
  svg("night").setAttribute("d", night(situation.terminator, situation.subsolar));
  const observer = situation.observer;
  place(svg("observer"), observer.latitude_deg, observer.longitude_deg);
  document.getElementById("map").dataset.drawn = "";
  // The moment the land and the station are first both on the map (scripts/bench-web times it from navigation).
  if (performance.getEntriesByName("iss-map-drawn").length === 0) performance.mark("iss-map-drawn");
}

/// Draws the ground track `/api/iss/track` answers, split at `unix` into the part flown and the part to come.
export function drawTrack(track, unix) {
  const middle = Math.floor(track.points.length / 2);
  // The track is centred on the instant it was asked for; the page asks again each minute, so "now" moves along it.
  const flown = Math.max(0, Math.min(track.points.length - 1, middle + Math.round((unix - track.unix) / track.step_s)));
  svg("track-back").setAttribute("d", polyline(track.points.slice(0, flown + 1)));
  svg("track-ahead").setAttribute("d", polyline(track.points.slice(flown)));
}
