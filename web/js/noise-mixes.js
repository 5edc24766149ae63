// Saved mixes: the list (`mix_list` on connecting, then each `mixes` event, sent whenever a mix is saved or
// removed, here or in a terminal), play one, save what plays under a name, remove one after a confirm step.

import { el, keyedList } from "/js/dom.js";
import { send, coalesced, confirmInline } from "/js/forms.js";

const list = document.getElementById("mixes");
const empty = document.getElementById("mixes-empty");
const form = document.getElementById("mix-form");
const nameInput = document.getElementById("mix-name");
const errorNode = document.getElementById("mix-error");
const show = keyedList(list);

function mixRow(mix) {
  const summary = mix.sounds.map((sound) => `${sound.id} ${sound.volume}`).join(", ");
  const confirmHost = el("span", { className: "confirm" });
  const play = el("button", {
    type: "button", textContent: "Play", attrs: { "data-focus-key": "play-" + mix.name },
    on: { click: () => send(errorNode, "play", { mix: mix.name }) },
  });
  const remove = el("button", {
    type: "button", textContent: "Remove", className: "remove", attrs: { "data-focus-key": "remove-" + mix.name },
    on: {
      click: () => confirmInline(confirmHost, `Remove the mix ${mix.name}?`, "Remove", async () => {
        await send(errorNode, "mix_remove", { name: mix.name });
      }),
    },
  });
  return el("li", { className: "mix", attrs: { "data-mix": mix.name } },
    el("span", { className: "name", textContent: mix.name }),
    el("span", { className: "dim summary", textContent: summary }),
    el("span", { className: "row" }, play, remove), confirmHost);
}

/// The saved mixes, as `mix_list` and the `mixes` event give them.
export function showMixes(data) {
  show(data.mixes, (mix) => mix.name, mixRow);
  empty.hidden = data.mixes.length > 0;
}

export const loadMixes = coalesced(async () => {
  const data = await send(errorNode, "mix_list");
  if (data) showMixes(data);
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  // The form keeps what was typed when the daemon refuses (nothing playing, a name it does not accept).
  if (await send(errorNode, "mix_save", { name: nameInput.value.trim() })) nameInput.value = "";
});
