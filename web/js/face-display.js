// Display mode: the face alone, full screen, no pointer, and the screen kept on (Screen Wake Lock) while in it.
// Entered and left by holding the clock 0.6 s and letting go (pointer or touch), F or Enter on the clock, or the
// bar's button; Escape leaves. The hold acts at the release, not when its timer fires: the Fullscreen API needs
// the request inside a user gesture's own event, and a touch becomes one only when the finger lifts (a timer's
// callback is no gesture, and a touch's pointerdown never was one). What the browser refuses (fullscreen, the wake lock) is noted on <html> as data attributes and
// otherwise ignored: the face still works without them.

import { relayout } from "/js/face-clock.js";

const HOLD_MS = 600;
const root = document.documentElement;
const face = document.getElementById("face");

let active = false;
let wakeLock = null;
let holdTimer = 0;

function note(name, value) {
  root.dataset[name] = value;
}

async function lockScreen() {
  if (!active || document.hidden) return;
  if (!navigator.wakeLock) return note("wakeLock", "unsupported");
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    note("wakeLock", "held");
    wakeLock.addEventListener("release", () => { if (active) note("wakeLock", "released"); });
  } catch (error) {
    note("wakeLock", "refused: " + error.message);
  }
}

function enter() {
  active = true;
  root.classList.add("display-mode");
  note("display", "on");
  if (root.requestFullscreen && !document.fullscreenElement) {
    root.requestFullscreen({ navigationUI: "hide" }).then(() => note("fullscreen", "on"),
      (error) => note("fullscreen", "refused: " + error.message));
  }
  lockScreen();
  relayout();
}

function leave() {
  active = false;
  root.classList.remove("display-mode");
  note("display", "off");
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  if (wakeLock) wakeLock.release().catch(() => {});
  wakeLock = null;
  note("wakeLock", "off");
  relayout();
}

export function toggleDisplay() {
  if (active) leave(); else enter();
}

/// Leaves display mode (Escape); nothing when not in it.
export function leaveDisplay() {
  if (active) leave();
}

export function inDisplay() {
  return active;
}

function cancelHold() {
  clearTimeout(holdTimer);
  holdTimer = 0;
  note("hold", "none");
}

/// The release of a hold: held long enough ("ready"), it toggles display mode here, in the gesture's own event.
function release() {
  const held = root.dataset.hold === "ready";
  cancelHold();
  if (held) toggleDisplay();
}

export function startDisplay() {
  note("display", "off");
  note("hold", "none");
  face.addEventListener("pointerdown", (event) => {
    // A button on the face (the snoozed alarm's Dismiss) is pressed, not held.
    if (event.button !== 0 || event.target.closest("button")) return;
    cancelHold();
    note("hold", "pending");
    holdTimer = setTimeout(() => { holdTimer = 0; note("hold", "ready"); }, HOLD_MS);
  });
  face.addEventListener("pointerup", release);
  for (const type of ["pointercancel", "pointerleave"]) face.addEventListener(type, cancelHold);
  // A held touch would otherwise open the context menu (or select text) instead.
  face.addEventListener("contextmenu", (event) => event.preventDefault());
  face.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target === face) { event.preventDefault(); toggleDisplay(); }
  });
  document.getElementById("display-button").addEventListener("click", enter);
  // The browser leaves fullscreen by itself on Escape; display mode goes with it.
  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement && active) leave();
  });
  // A wake lock is released whenever the page is hidden; take it again when it is shown.
  document.addEventListener("visibilitychange", () => { if (active && !document.hidden) lockScreen(); });
}
