// The catalog as the mixer's rows: grouped by category, each sound a Play/Stop toggle and, while it plays, its
// own volume and sleep timer. Rows are built when the catalog comes and updated in place from playback events,
// so focus and a dragged slider stay where they are.

import { el, replaceChildren } from "/js/dom.js";
import { send, coalesced, rangeSender } from "/js/forms.js";
import { everySecond } from "/js/when.js";
import { endOf, sleepText } from "/js/sleep-timer.js";

const container = document.getElementById("catalog");
const errorNode = document.getElementById("sounds-error");
const rows = new Map();
let lastPlayback = null;

/// The sounds that play now (a sound fading out after Stop counts as stopped: it is on its way out).
export function playingNow(playback) {
  return ((playback && playback.playing) || []).filter((sound) => sound.state !== "fading_out");
}

function makeRow(sound, index) {
  const name = el("span", { className: "name", textContent: sound.name || sound.id });
  const toggle = el("button", { type: "button", className: "toggle", attrs: { "data-focus-key": "toggle-" + sound.id } });
  const label = el("label", { htmlFor: "volume-" + index, className: "visually-hidden", textContent: "Volume of " + (sound.name || sound.id) });
  const slider = el("input", { type: "range", id: "volume-" + index, min: 0, max: 100, step: 1, className: "sound-volume" });
  const value = el("output", { className: "value" });
  const sleep = el("span", { className: "sleep dim" });
  const row = el("li", { className: "sound", attrs: { "data-sound": sound.id } }, name, toggle,
    el("span", { className: "volume" }, label, slider, value), sleep);
  const entry = { row, toggle, slider, value, sleep, name: sound.name || sound.id, playing: false, stopCountdown: null };
  toggle.addEventListener("click", () => send(errorNode, entry.playing ? "stop" : "play", { sounds: [sound.id] }));
  slider.addEventListener("input", () => { value.textContent = slider.value; });
  entry.sender = rangeSender(slider, (volume) => send(errorNode, "volume", { volume, sound: sound.id }));
  return entry;
}

function showRow(entry, sound) {
  entry.playing = Boolean(sound);
  entry.row.classList.toggle("playing", entry.playing);
  entry.toggle.replaceChildren(entry.playing ? "Stop" : "Play", el("span", { className: "visually-hidden", textContent: " " + entry.name }));
  entry.slider.parentElement.hidden = !entry.playing;
  if (sound && !entry.sender.busy()) {
    entry.slider.value = sound.volume;
    entry.value.textContent = String(sound.volume);
  }
  if (entry.stopCountdown) { entry.stopCountdown(); entry.stopCountdown = null; }
  entry.sleep.textContent = "";
  const timer = sound && sound.sleep_timer;
  if (timer) {
    const ends = endOf(timer);
    entry.stopCountdown = everySecond(() => { entry.sleep.textContent = sleepText(timer, ends); });
  }
}

/// Shows the daemon's playback on the rows.
export function showCatalogPlayback(playback) {
  lastPlayback = playback;
  const playing = new Map(playingNow(playback).map((sound) => [sound.id, sound]));
  for (const [id, entry] of rows) showRow(entry, playing.get(id));
}

/// (Re)builds the rows from the daemon's `sounds`, in the catalog's order, a section per category: the noises
/// (`kind: "loop"`) only, as the alarm tones (`kind: "alarm"`, Siren, Beep…) are the alarms page's to choose.
export const loadCatalog = coalesced(async () => {
  const data = await send(errorNode, "sounds");
  if (!data) return;
  for (const entry of rows.values()) if (entry.stopCountdown) entry.stopCountdown();
  rows.clear();
  const categories = new Map();
  data.sounds.filter((sound) => sound.kind !== "alarm").forEach((sound, index) => {
    if (!categories.has(sound.category)) categories.set(sound.category, []);
    const entry = makeRow(sound, index);
    rows.set(sound.id, entry);
    categories.get(sound.category).push(entry.row);
  });
  const sections = [...categories].map(([category, items], index) => el("section", { className: "category", attrs: { "aria-labelledby": "category-" + index } },
    el("h3", { id: "category-" + index, textContent: category }),
    el("ul", { className: "plain" }, items)));
  replaceChildren(container, sections.length ? sections : [el("p", { className: "dim", textContent: "The catalog has no sounds." })]);
  if (lastPlayback) showCatalogPlayback(lastPlayback);
});
