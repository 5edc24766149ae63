// The clock face page (/): starts the link, the digits, the overlays, the settings panel, display mode and the
// ringing screen, loads the saved [clock] settings, and handles the page's keys (S settings, F display mode,
// Escape closes the panel or leaves display mode).

import { onLink, start } from "/js/link.js";
import { load } from "/js/face-state.js";
import { startClock } from "/js/face-clock.js";
import { startOverlays } from "/js/face-overlays.js";
import { openSettings, settingsOpen, startSettings } from "/js/face-settings.js";
import { inDisplay, leaveDisplay, startDisplay, toggleDisplay } from "/js/face-display.js";
import { hoursKnown } from "/js/hours.js";
import "/js/ringing.js";
import "/js/dawn.js";

const banner = document.getElementById("banner");
const pageError = document.getElementById("face-error");

function typing(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || document.documentElement.classList.contains("alarm-ringing")) return;
  if (event.key === "Escape") {
    if (settingsOpen()) openSettings(false);
    else leaveDisplay();
    return;
  }
  if (typing(event.target)) return;
  const key = event.key.toLowerCase();
  if (key === "s" && !inDisplay()) openSettings(!settingsOpen());
  else if (key === "f") toggleDisplay();
}

async function loadSettings() {
  const reply = await load();
  pageError.hidden = reply.ok;
  pageError.textContent = reply.ok ? "" : "The clock settings could not be read: " + reply.error.message;
}

startClock();
startOverlays();
startSettings();
startDisplay();
document.addEventListener("keydown", onKey);
onLink(({ up, connecting, message }) => {
  banner.hidden = up || !message;
  banner.textContent = message;
  // Display mode hides the page's chrome, but never that the face may be stale: the digits dim and the banner
  // shows over them while the link is down (face.css).
  document.documentElement.classList.toggle("link-down", !up && !connecting);
  // Back after noiseweb or noised was away: the settings may have been changed meanwhile (noisectl clock).
  if (up && !pageError.hidden) loadSettings();
});
loadSettings();
hoursKnown.then(start);
