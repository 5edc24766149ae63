// Timers: the ones still to ring, soonest first, counting down; start one (`timer_add`), cancel one
// (`timer_cancel`).

import { el, replaceChildren } from "/js/dom.js";
import { send, numberField } from "/js/forms.js";
import { sendForm } from "/js/field-errors.js";
import { everySecond, formatDuration, formatInstant } from "/js/when.js";

const list = document.getElementById("timers");
const empty = document.getElementById("timers-empty");
const form = document.getElementById("timer-form");
const minutes = document.getElementById("t-minutes");
const label = document.getElementById("t-label");
const errorNode = document.getElementById("timers-error");
let stopCountdowns = [];
// The daemon counts a timer in seconds; the form in minutes, so its refusal is said in minutes.
const FIELDS = [
  { input: minutes, names: ["seconds"], what: "the minutes", empty: "Give the timer's minutes, e.g. 5.",
    accepts: `a number of minutes from ${minutes.min} to ${minutes.max}` },
  { input: label, names: ["label"], what: "the label" },
];

function timerRow(info) {
  const alarm = info.alarm;
  const left = el("span", { className: "left dim" });
  if (info.ringing) left.textContent = "Ringing now";
  else if (info.snoozed_until) left.textContent = "Snoozed until " + formatInstant(info.snoozed_until);
  // fires_at is Unix seconds; the page runs on the daemon's machine, so its clock is the daemon's.
  else stopCountdowns.push(everySecond(() => { left.textContent = "rings in " + formatDuration(alarm.fires_at - Date.now() / 1000); }));
  const cancel = el("button", {
    type: "button", textContent: "Cancel", className: "cancel",
    attrs: { "aria-label": "Cancel the timer " + alarm.label, "data-focus-key": "cancel-" + alarm.id },
    on: { click: async () => { await send(errorNode, "timer_cancel", { ids: [alarm.id] }); } },
  });
  // A snoozed timer is ended with Dismiss, as a snoozed alarm is.
  const dismiss = info.snoozed_until ? el("button", {
    type: "button", textContent: "Dismiss", className: "dismiss",
    attrs: { "aria-label": "Dismiss the snoozed timer " + alarm.label, "data-focus-key": "dismiss-" + alarm.id },
    on: { click: async () => { await send(errorNode, "dismiss", { id: alarm.id }); } },
  }) : null;
  return el("li", { className: "timer", attrs: { "data-timer": alarm.id } },
    el("span", { className: "label", textContent: alarm.label }), left, dismiss, cancel);
}

/// Shows the timers (alarm objects whose `fires_at` is set).
export function showTimers(timers) {
  for (const stop of stopCountdowns) stop();
  stopCountdowns = [];
  replaceChildren(list, timers.map(timerRow));
  empty.hidden = timers.length > 0;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const value = numberField(minutes);
  // As for the sleep timer: what is not a number goes as typed, for the daemon to say what it takes.
  const args = { seconds: typeof value === "number" ? Math.round(value * 60) : (value ?? "") };
  if (label.value.trim()) args.label = label.value.trim();
  if (await sendForm("timer_add", args, FIELDS, errorNode)) label.value = "";
});

