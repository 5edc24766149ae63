// The one form that adds an alarm or edits one: time, days, label, sound (with a preview), volume, ramp,
// snooze, dawn and its sound, holidays and note. The daemon checks every value (the form has `novalidate`), so its refusal is what the
// person reads, in the form's words beside the field it is about, with the form left as they filled it.

import { el } from "/js/dom.js";
import { send, numberField } from "/js/forms.js";
import { DAYS, DAY_NAMES, daysOf, repeatOf } from "/js/alarms-days.js";
import { alarmTime } from "/js/hours.js";
import { clearRefusals, sendForm } from "/js/field-errors.js";

const $ = (id) => document.getElementById(id);
const form = $("alarm-form");
const heading = $("form-heading");
const time = $("f-time");
const label = $("f-label");
const sound = $("f-sound");
const preview = $("f-preview");
const volume = $("f-volume");
const volumeValue = $("f-volume-value");
const ramp = $("f-ramp");
const snooze = $("f-snooze");
const dawn = $("f-dawn");
const dawnMix = $("f-dawn-mix");
const holidays = $("f-holidays");
const note = $("f-note");
const submit = $("f-submit");
const cancel = $("f-cancel");
const errorNode = $("form-error");
const PREVIEW_SECONDS = 5;

/// The form's fields by the names the daemon's refusals give them (docs/protocol.md's arguments, and its words).
const FIELDS = [
  { input: time, names: ["time"], what: "the time", matches: /is not a time of day/,
    empty: "Choose the time it rings, e.g. 07:00." },
  { input: label, names: ["label"], what: "the label" },
  { input: sound, names: ["sound"], what: "the sound" },
  { input: volume, names: ["volume"], what: "the volume" },
  { input: ramp, names: ["ramp_seconds", "ramp"], what: "the ramp" },
  { input: snooze, names: ["snooze_minutes", "snooze"], what: "the snooze" },
  { input: dawn, names: ["dawn_seconds", "dawn"], what: "the dawn" },
  { input: dawnMix, names: ["dawn_mix"], what: "the dawn's sound" },
  { input: holidays, names: ["skip_holidays"], what: "skipping holidays" },
  { input: note, names: ["note"], what: "the note" },
  { input: $("f-days"), names: ["repeat"], what: "the days" },
];

const dayBoxes = new Map(DAYS.map((day) => [day, el("input", { type: "checkbox", value: day })]));
$("f-days").replaceChildren(...DAYS.map((day) => el("label", { className: "day" }, dayBoxes.get(day), DAY_NAMES[day])));

let editing = null;      // the alarm object being edited, or null when adding
let alarmSounds = [];    // the catalog's alarm sounds: [{id, name}]

function setDays(days) {
  for (const [day, box] of dayBoxes) box.checked = days.has(day);
}

function chosenDays() {
  return new Set(DAYS.filter((day) => dayBoxes.get(day).checked));
}

for (const button of form.querySelectorAll("[data-repeat]")) {
  button.addEventListener("click", () => setDays(daysOf(button.dataset.repeat)));
}
volume.addEventListener("input", () => { volumeValue.textContent = volume.value; });
sound.addEventListener("change", () => { preview.disabled = sound.value === ""; });

// The daemon's `preview` plays a sound once for `for` seconds and stops by itself.
preview.addEventListener("click", async () => {
  await send(errorNode, "preview", { sound: sound.value, for: PREVIEW_SECONDS, volume: Number(volume.value) });
});

/// Fills the sound list: the catalog's alarm sounds, the daemon's default first, and the edited alarm's own
/// sound when it is not among them (a loop can ring an alarm too).
function showSounds(selected) {
  const options = [el("option", { value: "", textContent: "Default tone" })];
  for (const s of alarmSounds) options.push(el("option", { value: s.id, textContent: s.name || s.id }));
  if (selected && !alarmSounds.some((s) => s.id === selected)) options.push(el("option", { value: selected, textContent: selected }));
  sound.replaceChildren(...options);
  sound.value = selected || "";
  preview.disabled = sound.value === "";
}

/// The catalog's sounds of kind `alarm`, for the sound list.
export function setAlarmSounds(sounds) {
  alarmSounds = sounds.filter((s) => s.kind === "alarm");
  showSounds(sound.value);
}

function fill(alarm) {
  time.step = alarm && alarm.time.length > 5 ? "1" : "60";
  time.value = alarm ? alarm.time : "";
  setDays((alarm && daysOf(alarm.repeat)) || new Set());
  label.value = (alarm && alarm.label) || "";
  showSounds(alarm ? alarm.sound : "");
  volume.value = alarm ? alarm.volume : 80;
  volumeValue.textContent = volume.value;
  ramp.value = alarm ? alarm.ramp_seconds : 30;
  snooze.value = alarm ? alarm.snooze_minutes : 9;
  // A new alarm's dawn left blank is the config's [alarms] dawn.
  dawn.value = alarm ? String(Math.round((alarm.dawn_seconds || 0) / 6) / 10) : "";
  dawnMix.value = (alarm && alarm.dawn_mix) || "";
  holidays.checked = Boolean(alarm && alarm.skip_holidays);
  note.value = (alarm && alarm.note) || "";
}

function showMode() {
  heading.textContent = editing ? `Edit the alarm at ${alarmTime(editing.time)}` : "Add an alarm";
  submit.textContent = editing ? "Save changes" : "Add alarm";
  cancel.hidden = !editing;
  form.classList.toggle("editing", Boolean(editing));
}

/// Puts `alarm` (an alarm object's `alarm`) into the form to edit it.
export function editAlarm(alarm) {
  editing = alarm;
  clearRefusals(FIELDS, errorNode);
  fill(alarm);
  showMode();
  form.scrollIntoView({ block: "nearest" });
  time.focus();
}

function stopEditing() {
  editing = null;
  clearRefusals(FIELDS, errorNode);
  fill(null);
  showMode();
}

/// The alarm's fields as the form has them, as alarm_add's arguments.
function fields() {
  return {
    time: time.value, repeat: repeatOf(chosenDays()), label: label.value, sound: sound.value,
    volume: Number(volume.value), ramp_seconds: numberField(ramp), snooze_minutes: numberField(snooze), note: note.value,
    dawn_seconds: dawnSeconds(), dawn_mix: dawnMix.value.trim().replace(/^@/, ""), skip_holidays: holidays.checked,
  };
}

/// The dawn field's minutes as seconds; blank leaves it to the daemon (a new alarm's default), and a value that
/// is not a number goes as it is, for the daemon to say what a dawn is.
function dawnSeconds() {
  const value = dawn.value.trim();
  if (value === "") return undefined;
  const minutes = Number(value);
  return Number.isFinite(minutes) ? Math.round(minutes * 60) : value;
}

/// Editing sends only what changed, so an alarm the form cannot show whole (a Mars or a satellite-pass alarm,
/// whose time or repeat mean something else) keeps what was not touched.
function changes(alarm, now) {
  const before = {
    time: alarm.time, repeat: repeatOf(daysOf(alarm.repeat) || new Set()), label: alarm.label || "", sound: alarm.sound,
    volume: alarm.volume, ramp_seconds: alarm.ramp_seconds, snooze_minutes: alarm.snooze_minutes, note: alarm.note || "",
    dawn_seconds: alarm.dawn_seconds, dawn_mix: alarm.dawn_mix || "", skip_holidays: Boolean(alarm.skip_holidays),
  };
  const args = { id: alarm.id };
  for (const [key, value] of Object.entries(now)) {
    if (value === undefined || value === before[key]) continue;
    if (key === "sound" && value === "") continue;  // "Default tone" names no sound to change to
    args[key] = value;
  }
  return args;
}

function additions(now) {
  const args = {};
  for (const [key, value] of Object.entries(now)) {
    // Blank text and the default tone are left to the daemon's defaults.
    if (value !== undefined && value !== "") args[key] = value;
  }
  if (now.time === "") args.time = "";  // so the daemon says what a time is
  return args;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const done = editing ? await sendForm("alarm_edit", changes(editing, fields()), FIELDS, errorNode)
                       : await sendForm("alarm_add", additions(fields()), FIELDS, errorNode);
  if (!done) return;
  stopEditing();
});
cancel.addEventListener("click", stopEditing);

export function setUpForm() {
  fill(null);
  showMode();
}
