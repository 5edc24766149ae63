// The alarms, next first as `alarm_list` orders them: time, days, label, when it rings next, an on/off switch,
// and Edit, Duplicate and Remove (after a confirm step in the row); a snoozed alarm has Dismiss too, which ends
// the snooze and leaves the alarm on (Off would end it too, but also skip a repeating alarm's coming days). A
// repeating alarm has Skip (its next ring only, `alarm_skip`), and one that skips a ring says which and has Undo skip;
// it has Pause too (no ring before a date, `alarm_pause`: alarms-pause.js), and a paused one says until when and has
// End pause.
// Test rings it now as it will ring, for 10 s (`alarm_test`; the ringing screen shows it, with Stop test).

import { el, keyedList } from "/js/dom.js";
import { send, confirmInline } from "/js/forms.js";
import { describeRepeat } from "/js/alarms-days.js";
import { formatDay, formatInstant, wallClock } from "/js/when.js";
import { alarmTime } from "/js/hours.js";
import { editAlarm } from "/js/alarms-form.js";
import { askPauseDate } from "/js/alarms-pause.js";

const list = document.getElementById("alarm-list");
const empty = document.getElementById("list-empty");
const errorNode = document.getElementById("list-error");
const show = keyedList(list);

// The change comes back as `alarms_changed`, to this page as to every other (alarms.js).
async function act(cmd, args) {
  await send(errorNode, cmd, args);
}

/// What the alarm does next, in words.
function nextWords(info) {
  if (info.ringing) return "Ringing now";
  if (info.snoozed_until) return "Snoozed until " + formatInstant(info.snoozed_until);
  if (!info.alarm.enabled) return "Off";
  if (info.pass_problem) return info.pass_problem;
  if (info.next_trigger) {
    return "Next: " + formatInstant(info.next_trigger) + dawnWords(info.alarm) + skipWords(info) + pauseWords(info)
      + daysOffWords(info);
  }
  return "Will not ring again";
}

/// `, dawn 30 min to mix morning`: the light (and the sound) before each ring.
function dawnWords(alarm) {
  if (!alarm.dawn_seconds) return "";
  const minutes = Math.round(alarm.dawn_seconds / 60);
  return `, dawn ${minutes} min` + (alarm.dawn_mix ? ` to mix ${alarm.dawn_mix}` : "");
}

/// `, skips Mon 8 Dec`: the day of the ring `alarm_skip` skips, on the daemon's clock.
function skipWords(info) {
  return info.skips ? ", skips " + wallClock(info.skips, { weekday: "short", day: "numeric", month: "short" }) : "";
}

/// `, skips Fri 25 Dec: Christmas Day`: the rings it passes over for the holidays file's days off.
function daysOffWords(info) {
  const day = { weekday: "short", day: "numeric", month: "short" };
  return (info.days_off || []).map((off) => `, skips ${wallClock(off.trigger, day)}: ${off.name}`).join("");
}

/// `, paused until Mon 4 Jan`: the day `alarm_pause` lets it ring from.
function pauseWords(info) {
  return info.paused_until ? ", paused until " + formatDay(info.paused_until) : "";
}

/// Whether Pause is offered: the daemon refuses an alarm that is off, ringing, snoozed or rings only once.
function pausable(info) {
  return info.alarm.enabled && !info.ringing && !info.snoozed_until && info.alarm.repeat !== "once"
    && !info.alarm.fires_at;
}

/// Whether Skip is offered: the daemon refuses an alarm that is off, ringing or rings only once.
function skippable(info) {
  return info.alarm.enabled && !info.ringing && info.next_trigger && info.alarm.repeat !== "once" && !info.skips;
}

function describeWhen(alarm) {
  if (alarm.pass) return "Before passes of satellite " + alarm.pass.satellite;
  const days = describeRepeat(alarm.repeat);
  return alarm.date ? `${days}, on ${alarm.date}` : days;
}

function alarmRow(info) {
  const alarm = info.alarm;
  const time = alarmTime(alarm.time);
  const name = alarm.label ? `${time} ${alarm.label}` : time;
  const key = (what) => ({ "data-focus-key": `${what}-${alarm.id}` });
  const confirmHost = el("div", { className: "confirm" });
  const toggle = el("button", {
    type: "button", className: "switch", textContent: alarm.enabled ? "On" : "Off",
    attrs: { role: "switch", "aria-checked": String(alarm.enabled), "aria-label": `Alarm ${name}`, ...key("switch") },
    on: { click: () => act(alarm.enabled ? "alarm_disable" : "alarm_enable", { id: alarm.id }) },
  });
  const button = (text, what, click) => el("button", {
    type: "button", className: what, textContent: text,
    attrs: { "aria-label": `${text} the alarm ${name}`, ...key(what) }, on: { click },
  });
  const buttons = el("div", { className: "row actions" },
    info.snoozed_until ? el("button", {
      type: "button", className: "dismiss primary", textContent: "Dismiss (I'm up)",
      attrs: { "aria-label": `Dismiss the snoozed alarm ${name}`, ...key("dismiss") },
      on: { click: () => act("dismiss", { id: alarm.id }) },
    }) : null,
    info.skips ? button("Undo skip", "unskip", () => act("alarm_skip", { id: alarm.id, undo: true }))
      : skippable(info) ? button("Skip", "skip", () => act("alarm_skip", { id: alarm.id })) : null,
    info.paused_until ? button("End pause", "unpause", () => act("alarm_pause", { id: alarm.id, undo: true }))
      : pausable(info) ? button("Pause", "pause", () => askPauseDate(confirmHost, name,
        (until) => act("alarm_pause", { id: alarm.id, until }))) : null,
    info.ringing ? null : button("Test", "test", () => act("alarm_test", { id: alarm.id })),
    button("Edit", "edit", () => editAlarm(alarm)),
    button("Duplicate", "duplicate", () => act("alarm_duplicate", { id: alarm.id })),
    button("Remove", "remove", () => confirmInline(confirmHost, `Remove the alarm ${name}?`, "Remove",
      () => act("alarm_remove", { id: alarm.id }))));
  return el("li", { className: "alarm" + (alarm.enabled ? "" : " off") + (info.ringing ? " ringing" : ""), attrs: { "data-alarm": alarm.id } },
    el("div", { className: "when" },
      el("span", { className: "time", textContent: time }),
      el("span", { className: "days", textContent: describeWhen(alarm) })),
    el("div", { className: "what" },
      el("span", { className: "label", textContent: alarm.label || "" }),
      el("span", { className: "next dim", textContent: nextWords(info) }),
      alarm.note ? el("span", { className: "note dim", textContent: alarm.note }) : null),
    toggle, buttons, confirmHost);
}

/// Shows the alarms (alarm objects, not timers) in the daemon's order.
export function showAlarms(alarms) {
  show(alarms, (info) => info.alarm.id, alarmRow);
  empty.hidden = alarms.length > 0;
}

