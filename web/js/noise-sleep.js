// The sleep timer: `play` of what plays now with `for` sets one for every playing sound (replacing any), `stop`
// with `timer` clears them without stopping anything. The time left counts down on the page from the
// daemon's figure in the last playback event.

import { send, numberField } from "/js/forms.js";
import { sendForm } from "/js/field-errors.js";
import { everySecond, formatDuration } from "/js/when.js";
import { playingNow } from "/js/noise-catalog.js";

const stateNode = document.getElementById("sleep-state");
const form = document.getElementById("sleep-form");
const minutes = document.getElementById("sleep-minutes");
const setButton = document.getElementById("sleep-set");
const cancel = document.getElementById("sleep-cancel");
const errorNode = document.getElementById("sleep-error");
let playingIds = [];
let stopCountdown = null;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const value = numberField(minutes);
  // A value that is not a number (or none) goes as it is, so the daemon's refusal says what `for` accepts.
  const seconds = typeof value === "number" ? Math.round(value * 60) : (value ?? "");
  // The daemon counts the timer in seconds (`for`); the form asks for minutes, and says its refusal so.
  await sendForm("play", { sounds: playingIds, for: seconds }, [
    { input: minutes, names: ["for"], what: "the minutes", empty: "Give the minutes, e.g. 30.",
      accepts: `a number of minutes from ${minutes.min} to ${minutes.max}` },
  ], errorNode);
});
cancel.addEventListener("click", () => send(errorNode, "stop", { timer: true }));

/// Shows the daemon's sleep timer: one for everything, some sounds' own, or none.
export function showSleepTimer(playback) {
  const playing = playingNow(playback);
  playingIds = playing.map((sound) => sound.id);
  if (stopCountdown) { stopCountdown(); stopCountdown = null; }
  const timed = playing.filter((sound) => sound.sleep_timer);
  if (playback.sleep_timer) {
    const ends = performance.now() + playback.sleep_timer.remaining_seconds * 1000;
    stopCountdown = everySecond(() => {
      stateNode.textContent = "Everything stops in " + formatDuration((ends - performance.now()) / 1000) + ".";
    });
  } else if (timed.length) {
    stateNode.textContent = "Only some sounds have a timer (shown beside each).";
  } else {
    stateNode.textContent = playing.length ? "No sleep timer." : "No sleep timer. Play something to set one.";
  }
  setButton.disabled = playing.length === 0;
  cancel.disabled = timed.length === 0;
}
