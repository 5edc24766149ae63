// The big digits: the time in fixed-width cells (a changing digit moves nothing, whatever the font), fitted to
// the face once per layout change, coloured by the [clock] settings, and redrawn by one timer set to the next
// whole second (or minute, with seconds hidden): no animation loop, so an idle face costs next to nothing.

import { onSettings } from "/js/face-state.js";
import { cssColor, randomBrightColor } from "/js/face-colors.js";
import { fontStack } from "/js/face-fonts.js";
import { twelveHour } from "/js/hours.js";

const $ = (id) => document.getElementById(id);
const face = $("face");
const clock = $("clock");
const digits = $("digits");
const ampm = $("ampm");
const dateLine = $("date");
const spoken = $("clock-text");
const root = document.documentElement;

const REFERENCE_PX = 100;
// The burn-in shift (docs/web.md): the digits walk a 5x5 grid of positions BURN_STEP_PX apart, one step a minute,
// forward and back, so no pixel of an OLED screen shows the same thing all night and no step is a jump.
const BURN_GRID = 5;
const BURN_STEP_PX = 2;

let settings = null;
let timer = 0;
let randomColor = null;
let randomMinute = null;
let layoutKey = "";

/// The clock's characters for `now`: "08:05", or "8:05" in 12-hour mode, with ":09" when seconds show. A one-digit
/// hour has no empty cell for the missing digit: the digits shown are centred, and the cells change (and are fitted
/// again) only when the hour goes from 9 to 10 or from 12 to 1.
function timeText(now, twelve) {
  const two = (n) => String(n).padStart(2, "0");
  const hourText = twelve ? String(now.getHours() % 12 || 12) : two(now.getHours());
  return hourText + ":" + two(now.getMinutes()) + (settings.seconds ? ":" + two(now.getSeconds()) : "");
}

/// The digits' offset from the centre, in px, at `minute` (minutes since the epoch): a snake over the grid's rows,
/// there and back (a period of 2 x 25 minutes), each minute one step of BURN_STEP_PX from the last, never more than
/// (BURN_GRID - 1) / 2 steps from the centre. Pure, so a test can check it.
export function burnInShift(minute) {
  const cells = BURN_GRID * BURN_GRID;
  const at = ((minute % (2 * cells)) + 2 * cells) % (2 * cells);
  const index = at < cells ? at : 2 * cells - 1 - at;
  const row = Math.floor(index / BURN_GRID);
  const column = row % 2 === 0 ? index % BURN_GRID : BURN_GRID - 1 - (index % BURN_GRID);
  const middle = (BURN_GRID - 1) / 2;
  return { x: (column - middle) * BURN_STEP_PX, y: (row - middle) * BURN_STEP_PX };
}

/// Puts `text` in the cells, one character each, touching only the cells whose character changed; a different
/// count of cells (seconds or the format changed) rebuilds them and refits.
function showCells(text) {
  const chars = [...text];
  if (digits.children.length !== chars.length) {
    digits.replaceChildren(...chars.map(() => document.createElement("span")));
    layoutKey = "";
  }
  chars.forEach((char, i) => {
    const cell = digits.children[i];
    if (cell.textContent !== char) {
      cell.textContent = char;
      cell.className = char === ":" ? "cell sep" : "cell";
    }
  });
}

function render() {
  const now = new Date();
  const twelve = twelveHour(settings);
  showCells(timeText(now, twelve));
  // The time from navigation to the first digits, which `make bench` reads (docs/performance.md).
  if (performance.getEntriesByName("digits-shown").length === 0) performance.mark("digits-shown");
  const badge = twelve && settings.ampm;
  ampm.hidden = !badge;
  ampm.textContent = now.getHours() < 12 ? "AM" : "PM";
  clock.dataset.hourCycle = twelve ? "12h" : "24h";
  spoken.textContent = now.toLocaleTimeString([], { hour: "numeric", minute: "2-digit", hour12: twelve });

  dateLine.hidden = !settings.date;
  dateLine.textContent = now.toLocaleDateString([], { weekday: "long", day: "numeric", month: "long" });

  const minute = Math.floor(now.getTime() / 60000);
  const shift = burnInShift(minute);
  clock.style.translate = `${shift.x}px ${shift.y}px`;
  if (settings.random_color && minute !== randomMinute) {
    randomMinute = minute;
    randomColor = randomBrightColor();
    paint();
  }
  fitIfChanged();
}

function schedule() {
  clearTimeout(timer);
  const period = settings.seconds ? 1000 : 60000;
  // A few milliseconds past the boundary, so the timer never wakes just before it and draws the old time again.
  timer = setTimeout(tick, period - (Date.now() % period) + 5);
}

function tick() {
  render();
  schedule();
}

// ------------------------------------------------------------------ colours and font

function paint() {
  const fg = settings.random_color && randomColor ? randomColor : cssColor(settings.color, settings.theme, "color");
  root.style.setProperty("--face-fg", fg);
  root.style.setProperty("--face-bg", cssColor(settings.background, settings.theme, "background"));
  root.dataset.theme = settings.theme;
  const glow = settings.glow / 100;
  clock.style.textShadow = glow > 0 ? `0 0 ${0.04 * glow}em ${fg}, 0 0 ${0.16 * glow}em ${fg}, 0 0 ${0.4 * glow}em ${fg}` : "none";
  clock.style.opacity = String(settings.opacity / 100);
  root.style.setProperty("--overlay-opacity", String(settings.overlay_opacity / 100));
}

/// The widest digit, the colon and the wider of AM and PM in this font, in em, as the cells' widths.
function measureCells() {
  const stack = fontStack(settings.font, settings.design);
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${settings.weight} ${REFERENCE_PX}px ${stack}`;
  const width = (text) => context.measureText(text).width / REFERENCE_PX;
  const digit = Math.max(..."0123456789".split("").map(width));
  clock.style.fontFamily = stack;
  clock.style.fontWeight = String(settings.weight);
  clock.style.setProperty("--digit-w", `${digit.toFixed(4)}em`);
  clock.style.setProperty("--sep-w", `${Math.max(width(":"), 0.2).toFixed(4)}em`);
  clock.style.setProperty("--ampm-w", `${Math.max(width("AM"), width("PM")).toFixed(4)}em`);
}

// ------------------------------------------------------------------ fit

/// Scales the digits so they fill the face's limiting dimension (at size 100: 95 % of it; size 0: a tenth of
/// that), measured at a reference size: one layout read per change, none per tick.
export function fit() {
  clock.style.fontSize = `${REFERENCE_PX}px`;
  const box = clock.getBoundingClientRect();
  const overlays = [...face.querySelectorAll(".overlay")].map((el) => el.getBoundingClientRect().height);
  const width = face.clientWidth;
  const height = face.clientHeight - 2 * Math.max(0, ...overlays);
  if (!box.width || !box.height || width <= 0) return;
  // The digits are centred and the badge hangs to their right: room for it on both sides keeps them so.
  const badge = ampm.hidden ? 0 : Math.max(0, ampm.getBoundingClientRect().right - box.right);
  const fill = 0.95 * (0.1 + 0.9 * settings.size / 100);
  const scale = Math.min(width / (box.width + 2 * badge), Math.max(height, face.clientHeight * 0.5) / box.height) * fill;
  clock.style.fontSize = `${(REFERENCE_PX * scale).toFixed(2)}px`;
  clock.dataset.fitted = `${face.clientWidth}x${face.clientHeight}`;
}

function fitIfChanged() {
  const key = [digits.children.length, ampm.hidden, dateLine.hidden,
    settings.size, settings.font, settings.design, settings.weight, settings.next_alarm, settings.now_playing].join();
  if (key !== layoutKey) {
    layoutKey = key;
    fit();
  }
}

/// Something beside the digits changed size (an overlay's text): refit when the layout is not the same.
export function relayout() {
  layoutKey = "";
  if (settings) fitIfChanged();
}

export function startClock() {
  onSettings((next) => {
    settings = next;
    if (!settings.random_color) randomColor = null;
    measureCells();
    paint();
    layoutKey = "";
    tick();
  });
  new ResizeObserver(() => relayout()).observe(face);
  document.fonts.ready.then(() => { measureCells(); relayout(); });
  // A hidden tab's timers are throttled; show the right time at once when it comes back.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) tick(); });
}
