// The ringing screen, on every page that imports this module: while an alarm rings it covers the page with the
// alarm's label and time and two big buttons, Snooze and Dismiss, for THAT alarm. It follows the daemon's events
// (alarm_ringing, alarm_snoozed, alarm_dismissed) and each status's alarms.ringing; it needs nothing from the
// page but the module itself (its style sheet is added here when the page does not link it). A test ring
// (`alarm_test`: its alarm_ringing says `ringing: false`, as the alarm itself is not ringing) shows as a test, with
// Stop test only: there is nothing to snooze. It brings the night screen's script (night.js) to every page,
// and marks <html> `alarm-ringing` while it shows, which lifts the night cap over a few seconds.

import { command, on, start } from "/js/link.js";
import "/js/night.js";
import { wallClock } from "/js/when.js";
import { alarmTime, hoursKnown, onHourFormat, timeOptions } from "/js/hours.js";
import { el } from "/js/dom.js";

const ringing = new Map(); // id → alarm object, in the order they began ringing
let screen = null;
let shownId = null;
let focusBefore = null;

function build() {
  if (!document.querySelector('link[href="/css/ringing.css"]')) {
    document.head.append(el("link", { rel: "stylesheet", href: "/css/ringing.css" }));
  }
  const snooze = el("button", { type: "button", className: "ringing-snooze", textContent: "Snooze" });
  const dismiss = el("button", { type: "button", className: "ringing-dismiss", textContent: "Dismiss" });
  screen = el("section", { id: "ringing", className: "ringing", hidden: true }, [
    el("p", { className: "ringing-kicker", textContent: "Alarm" }),
    el("h2", { id: "ringing-label", className: "ringing-label" }),
    el("p", { className: "ringing-time" }),
    el("p", { className: "ringing-note" }),
    el("div", { className: "ringing-buttons" }, [snooze, dismiss]),
    el("p", { className: "error ringing-error" }),
  ]);
  screen.querySelector(".ringing-error").setAttribute("role", "alert");
  screen.setAttribute("role", "alertdialog");
  screen.setAttribute("aria-modal", "true");
  screen.setAttribute("aria-labelledby", "ringing-label");
  snooze.addEventListener("click", () => act("snooze"));
  dismiss.addEventListener("click", () => act("dismiss"));
  screen.addEventListener("keydown", keepFocusInside);
  document.body.append(screen);
}

/// Tab and Shift-Tab go round the two buttons while the screen covers the page.
function keepFocusInside(event) {
  if (event.key !== "Tab") return;
  const buttons = [...screen.querySelectorAll("button")].filter((b) => !b.hidden);
  const at = buttons.indexOf(document.activeElement);
  event.preventDefault();
  buttons[(at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length].focus();
}

async function act(cmd) {
  const id = shownId;
  if (id === null) return;
  const error = screen.querySelector(".ringing-error");
  error.textContent = "";
  for (const button of screen.querySelectorAll("button")) button.disabled = true;
  const reply = await command(cmd, { id });
  for (const button of screen.querySelectorAll("button")) button.disabled = false;
  if (reply.ok) {
    ringing.delete(id);
    show();
  } else {
    error.textContent = reply.error.message;
  }
}

function ringTime(info) {
  if (info.ringing_since) return wallClock(info.ringing_since, timeOptions());
  return alarmTime(info.alarm.time);
}

function show() {
  if (!screen) build();
  const first = ringing.values().next().value;
  if (!first) {
    if (!screen.hidden) {
      screen.hidden = true;
      document.documentElement.classList.remove("alarm-ringing");
      if (focusBefore && document.contains(focusBefore)) focusBefore.focus();
    }
    shownId = null;
    return;
  }
  const changed = first.alarm.id !== shownId;
  shownId = first.alarm.id;
  screen.dataset.alarmId = String(shownId);
  const label = screen.querySelector(".ringing-label");
  label.textContent = first.alarm.label || "Alarm";
  label.title = label.textContent; // a label longer than two lines is cut on a small screen: the whole of it here
  screen.querySelector(".ringing-time").textContent = ringTime(first);
  screen.querySelector(".ringing-note").textContent = first.alarm.note || "";
  const more = ringing.size - 1;
  const test = first.ringing === false;
  const kind = test ? "Test of the alarm" : "Alarm";
  screen.querySelector(".ringing-kicker").textContent = more > 0 ? `${kind} (and ${more} more ringing)` : kind;
  screen.classList.toggle("test", test);
  screen.querySelector(".ringing-snooze").hidden = test;
  screen.querySelector(".ringing-dismiss").textContent = test ? "Stop test" : "Dismiss";
  if (screen.hidden) {
    focusBefore = document.activeElement;
    screen.hidden = false;
    document.documentElement.classList.add("alarm-ringing");
  }
  if (changed) {
    screen.querySelector(".ringing-error").textContent = "";
    screen.querySelector(test ? ".ringing-dismiss" : ".ringing-snooze").focus();
  }
}

on("status", (status) => {
  const now = (status.alarms && status.alarms.ringing) || [];
  ringing.clear();
  for (const info of now) ringing.set(info.alarm.id, info);
  show();
});
on("alarm_ringing", (info) => { ringing.set(info.alarm.id, info); show(); });
for (const event of ["alarm_snoozed", "alarm_dismissed"]) {
  on(event, (info) => { ringing.delete(info.alarm.id); show(); });
}
onHourFormat(() => { if (shownId !== null) show(); });
hoursKnown.then(start);
