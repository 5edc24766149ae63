// The sleep timer: `play` of what plays now with `for` (and `fade_to`, the volume to fade to and play on at) sets
// one for every playing sound (replacing any), "+15 min" (`sleep_extend`) moves every timer's end later and brings
// faded sounds back, `stop` with `timer` clears them without stopping anything. The time left counts down on the
// page from the daemon's figure in the last playback event.

import { send, numberField } from "/js/forms.js";
import { sendForm } from "/js/field-errors.js";
import { everySecond } from "/js/when.js";
import { playingNow } from "/js/noise-catalog.js";
import { endOf, extendSleep, shownTimer, sleepText } from "/js/sleep-timer.js";

const stateNode = document.getElementById("sleep-state");
const form = document.getElementById("sleep-form");
const minutes = document.getElementById("sleep-minutes");
const fadeTo = document.getElementById("sleep-fade-to");
const setButton = document.getElementById("sleep-set");
const extend = document.getElementById("sleep-extend");
const cancel = document.getElementById("sleep-cancel");
const errorNode = document.getElementById("sleep-error");
let playingIds = [];
let stopCountdown = null;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const value = numberField(minutes);
  // A value that is not a number (or none) goes as it is, so the daemon's refusal says what `for` accepts.
  const seconds = typeof value === "number" ? Math.round(value * 60) : (value ?? "");
  const args = { sounds: playingIds, for: seconds };
  const floor = numberField(fadeTo);
  if (floor !== undefined && floor !== 0) args.fade_to = floor;
  // The daemon counts the timer in seconds (`for`); the form asks for minutes, and says its refusal so.
  await sendForm("play", args, [
    { input: minutes, names: ["for"], what: "the minutes", empty: "Give the minutes, e.g. 30.",
      accepts: `a number of minutes from ${minutes.min} to ${minutes.max}` },
    { input: fadeTo, names: ["fade_to"], what: "the volume to fade to",
      accepts: `a volume from ${fadeTo.min} to ${fadeTo.max} (0: stop)` },
  ], errorNode);
});
extend.addEventListener("click", async () => {
  const reply = await extendSleep();
  errorNode.textContent = reply.ok ? "" : reply.error.message;
});
cancel.addEventListener("click", () => send(errorNode, "stop", { timer: true }));

/// Shows the daemon's sleep timer: one for everything, some sounds' own, or none.
export function showSleepTimer(playback) {
  const playing = playingNow(playback);
  playingIds = playing.map((sound) => sound.id);
  if (stopCountdown) { stopCountdown(); stopCountdown = null; }
  const shown = shownTimer(playback);
  if (shown && shown.everything) {
    const ends = endOf(shown.timer);
    stopCountdown = everySecond(() => {
      stateNode.textContent = "Everything " + sleepText(shown.timer, ends) + ".";
    });
  } else if (shown) {
    stateNode.textContent = "Only some sounds have a timer (shown beside each).";
  } else {
    stateNode.textContent = playing.length ? "No sleep timer." : "No sleep timer. Play something to set one.";
  }
  setButton.disabled = playing.length === 0;
  cancel.disabled = !shown;
  extend.hidden = !shown;
}
