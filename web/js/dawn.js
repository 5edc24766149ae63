// The dawn on every page that imports this module (docs/web.md, "Dawn"): while an alarm's dawn is under way the page
// turns into a sunrise, from black through deep red and orange to warm white, full at the ring. It follows the
// daemon's instants (status's alarms.dawns, dawn_started, dawn_ended): the point is computed from the ring and the
// length with this device's clock, so a page opened mid-dawn shows the same light as one open since its start. A tap
// on the light shows the page under it until the next dawn; the ringing screen (ringing.js) comes over it at the ring.
// While the light shows, <html> has the class `dawn`, which lifts the night screen's cap (docs/web.md).
// The curve is ClockFace's DawnCurve (noisectl clock draws the same); docs/web.md gives its stops and law.

import { on } from "/js/link.js";
import { everySecond, wallClock } from "/js/when.js";
import { timeOptions } from "/js/hours.js";
import { el } from "/js/dom.js";

/// The colour at full intensity by point, sRGB: deep red, red-orange, orange, warm white.
export const STOPS = [
  [0, 150, 16, 0],
  [0.35, 230, 60, 5],
  [0.65, 255, 140, 40],
  [1, 255, 228, 190],
];

/// How far along a dawn is at `now` (Unix seconds): 0 at `ringAt - length` (and before), 1 at the ring (and after).
export function dawnPoint(now, ringAt, length) {
  if (!(length > 0)) return 1;
  return Math.min(1, Math.max(0, (now - (ringAt - length)) / length));
}

/// The light's linear intensity at `point`: CIE lightness L* = 100 × point, as relative luminance.
export function intensity(point) {
  const lightness = 100 * Math.min(1, Math.max(0, point));
  return lightness > 8 ? ((lightness + 16) / 116) ** 3 : lightness / 903.3;
}

const decode = (v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const encode = (v) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

/// The colour at `point` as [red, green, blue], 0-255.
export function dawnColor(point) {
  const p = Math.min(1, Math.max(0, point));
  let upper = STOPS.findIndex((stop) => stop[0] >= p);
  if (upper < 0) upper = STOPS.length - 1;
  const from = STOPS[Math.max(0, upper - 1)];
  const to = STOPS[upper];
  const share = to[0] > from[0] ? (p - from[0]) / (to[0] - from[0]) : 1;
  const factor = intensity(p);
  return [1, 2, 3].map((i) => Math.round(encode(decode((from[i] + (to[i] - from[i]) * share) / 255) * factor) * 255));
}

const dawns = new Map(); // alarm id → {alarm_id, ring_at, starts_at, length_seconds}
let overlay = null;
let stopTick = null;
let held = null; // a point the page is held at (holdDawnAt), or null to follow the daemon's dawns
let setAside = null; // the ring whose dawn a tap set aside on this page

function build() {
  if (!document.querySelector('link[href="/css/dawn.css"]')) {
    document.head.append(el("link", { rel: "stylesheet", href: "/css/dawn.css" }));
  }
  overlay = el("div", { id: "dawn", className: "dawn-light", hidden: true, attrs: { "aria-hidden": "true" } }, [
    el("p", { className: "dawn-caption" }),
  ]);
  overlay.addEventListener("click", () => {
    const first = brightest();
    setAside = first ? first.dawn.ring_at.unix : null;
    paint();
  });
  document.body.append(overlay);
}

/// The dawn furthest along now, with its point, or null.
function brightest() {
  const now = Date.now() / 1000;
  let best = null;
  for (const dawn of dawns.values()) {
    const point = dawnPoint(now, dawn.ring_at.unix, dawn.length_seconds);
    if (!best || point > best.point) best = { dawn, point };
  }
  return best;
}

function paint() {
  if (!overlay) build();
  const first = brightest();
  const shown = held !== null ? { point: held, dawn: null } : first && first.dawn.ring_at.unix !== setAside ? first : null;
  if (!shown) {
    overlay.hidden = true;
    document.documentElement.classList.remove("dawn");
    delete document.documentElement.dataset.dawnPoint;
    return;
  }
  const [red, green, blue] = dawnColor(shown.point);
  overlay.style.backgroundColor = `rgb(${red}, ${green}, ${blue})`;
  overlay.classList.toggle("dawn-bright", intensity(shown.point) > 0.25);
  overlay.querySelector(".dawn-caption").textContent = shown.dawn ? "Alarm at " + wallClock(shown.dawn.ring_at, timeOptions()) : "";
  overlay.hidden = false;
  document.documentElement.classList.add("dawn");
  document.documentElement.dataset.dawnPoint = shown.point.toFixed(3);
}

/// Paints every second while a dawn is under way (or the page is held at a point), and stops with the last one.
function follow() {
  if (dawns.size === 0 && held === null) {
    if (stopTick) { stopTick(); stopTick = null; }
    setAside = null;
    paint();
  } else if (!stopTick) {
    stopTick = everySecond(paint);
  } else {
    paint();
  }
}

/// Holds the page's light at `point` (0-1) instead of the daemon's dawns; null follows them again. For the
/// screenshots of docs/web.md's curve (Tests/integration/test_dawn.py), which must not hang on the machine's speed.
export function holdDawnAt(point) {
  held = point;
  follow();
}

on("status", (status) => {
  dawns.clear();
  for (const dawn of (status.alarms && status.alarms.dawns) || []) dawns.set(dawn.alarm_id, dawn);
  follow();
});
on("dawn_started", (dawn) => { dawns.set(dawn.alarm_id, dawn); follow(); });
on("dawn_ended", (dawn) => {
  const known = dawns.get(dawn.alarm_id);
  if (known && known.ring_at.unix === dawn.ring_at.unix) dawns.delete(dawn.alarm_id);
  follow();
});
