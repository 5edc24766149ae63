// Missed alarms: the status's last 20 when the page connects, each `alarm_missed` event added on top, and
// `alarm_missed_clear` to forget them.

import { el } from "/js/dom.js";
import { send } from "/js/forms.js";
import { formatInstant } from "/js/when.js";

const list = document.getElementById("missed");
const empty = document.getElementById("missed-empty");
const clear = document.getElementById("missed-clear");
const errorNode = document.getElementById("missed-error");
const REASONS = {
  late: "noised was not running, or the clock jumped past it",
  unattended: "it rang out with nobody there",
  suspended: "the machine was asleep",
};
let missed = [];

function render() {
  list.replaceChildren(...missed.map((m) => el("li", { className: "missed-alarm" },
    el("span", { className: "label", textContent: m.label || `Alarm ${m.alarm_id}` }),
    el("span", { className: "dim", textContent: ` ${formatInstant(m.trigger)}: ${REASONS[m.reason] || m.reason}` }))));
  empty.hidden = missed.length > 0;
  clear.hidden = missed.length === 0;
}

/// The missed alarms as the daemon's status lists them, newest first.
export function showMissed(items) {
  missed = items.slice();
  render();
}

/// One more, from the `alarm_missed` event.
export function addMissed(item) {
  missed.unshift(item);
  render();
}

// The `missed_cleared` event empties the list, here and on every other open page.
clear.addEventListener("click", () => send(errorNode, "alarm_missed_clear"));
