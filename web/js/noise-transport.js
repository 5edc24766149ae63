// What plays, pause/resume, stop everything and the master volume.

import { send, rangeSender } from "/js/forms.js";
import { playingNow } from "/js/noise-catalog.js";

const stateNode = document.getElementById("now-state");
const pause = document.getElementById("pause");
const stopAll = document.getElementById("stop-all");
const master = document.getElementById("master");
const masterValue = document.getElementById("master-value");
const errorNode = document.getElementById("now-error");
let state = "stopped";

pause.addEventListener("click", () => send(errorNode, state === "playing" ? "pause" : "resume"));
stopAll.addEventListener("click", () => send(errorNode, "stop"));
master.addEventListener("input", () => { masterValue.textContent = master.value; });
const masterSender = rangeSender(master, (volume) => send(errorNode, "volume", { volume }));

/// Shows the daemon's playback: its state, and the master volume unless the person is moving it.
export function showTransport(playback) {
  state = playback.state;
  const playing = playingNow(playback);
  if (state === "paused") stateNode.textContent = "Paused.";
  else if (playing.length) stateNode.textContent = "Playing: " + playing.map((sound) => sound.name || sound.id).join(", ") + ".";
  else stateNode.textContent = "Nothing plays.";
  pause.textContent = state === "playing" ? "Pause" : "Resume";
  // Resume plays the last mix; with none ever played the daemon would only refuse.
  pause.disabled = state !== "playing" && !(playback.last_played && playback.last_played.length);
  stopAll.disabled = state === "stopped" && playing.length === 0;
  if (!masterSender.busy()) {
    master.value = playback.master_volume;
    masterValue.textContent = String(playback.master_volume);
  }
}
