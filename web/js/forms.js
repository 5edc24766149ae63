// What the pages' controls share: sending a command and showing the daemon's refusal in words, a confirm step
// inside the page, range sliders that send at a walking pace, and a fetch that never has two requests in flight.

import { command } from "/js/link.js";
import { el } from "/js/dom.js";

/// Sends one command and shows the refusal's `error.message` (the daemon's words, or link.js's for a network
/// fault) in `errorNode`, or clears it when the command succeeds. Resolves to the reply's data, null when refused.
export async function send(errorNode, cmd, args) {
  const reply = await command(cmd, args);
  errorNode.textContent = reply.ok ? "" : reply.error.message;
  return reply.ok ? (reply.data ?? {}) : null;
}

/// Puts a question with Yes/No buttons into `host` (instead of window.confirm, which blocks the page and
/// cannot be styled); `onYes` runs on the first. Focus goes to the safe answer.
export function confirmInline(host, question, yesText, onYes) {
  const done = () => host.replaceChildren();
  const keep = el("button", { type: "button", textContent: "Keep", className: "confirm-no", on: { click: done } });
  const yes = el("button", {
    type: "button", textContent: yesText, className: "danger confirm-yes",
    on: { click: () => { done(); onYes(); } },
  });
  host.replaceChildren(el("span", { textContent: question }), yes, keep);
  keep.focus();
}

/// Sends a range input's value with `send(value)` on `change` and, while it is dragged, at most every 200 ms,
/// instead of one request per pixel. `busy()` says whether a value is still to be sent, so an event arriving
/// mid-drag does not pull the thumb back from under the pointer.
export function rangeSender(input, send) {
  let timer = null;
  let sent = null;
  const flush = () => {
    timer = null;
    const value = Number(input.value);
    if (value !== sent) { sent = value; send(value); }
  };
  input.addEventListener("input", () => { if (!timer) timer = setTimeout(flush, 200); });
  input.addEventListener("change", () => { clearTimeout(timer); flush(); sent = null; });
  return { busy: () => timer !== null };
}

/// Wraps `load` (async) so calls while one runs lead to exactly one more run after it, never to a queue of
/// requests: several events naming the same change cost one reload.
export function coalesced(load) {
  let running = null;
  let again = false;
  const run = async () => {
    if (running) { again = true; return running; }
    running = (async () => {
      do { again = false; await load(); } while (again);
    })();
    try { await running; } finally { running = null; }
  };
  return run;
}

/// A number field's value for the daemon: absent when blank, a number when it reads as one, else the text
/// itself, so the daemon's own message says what it accepts.
export function numberField(input) {
  const text = input.value.trim();
  if (text === "") return undefined;
  return Number.isFinite(Number(text)) ? Number(text) : text;
}
