// The settings panel: one control per [clock] key, each saved the moment it changes (POST /api/clock) and drawn
// again from the saved settings the reply carries; a refused value is shown in words beside its control, which
// goes back to the saved value. Opened by the bar's button or S, closed by Escape.

import { current, onSettings, save } from "/js/face-state.js";
import { COLOR_NAMES, cssColor } from "/js/face-colors.js";
import { installedFamilies } from "/js/face-fonts.js";
import { el } from "/js/dom.js";
import { refreshNight } from "/js/night.js";

const form = document.getElementById("settings-form");
const panel = document.getElementById("settings");
const openButton = document.getElementById("settings-button");

const percent = (key, label) => ({ key, label, kind: "range", min: 0, max: 100, step: 1, unit: " %" });
const check = (key, label) => ({ key, label, kind: "checkbox" });

const FIELDS = [
  { key: "format", label: "Hours", kind: "select",
    options: [["locale", "The browser's"], ["12h", "12-hour"], ["24h", "24-hour"]] },
  check("seconds", "Seconds"),
  check("ampm", "AM/PM badge (12-hour)"),
  check("date", "Date"),
  check("next_alarm", "Next alarm"),
  check("now_playing", "What plays"),
  { key: "theme", label: "Theme", kind: "presets",
    options: [["terminal", "Terminal"], ["night", "Night"], ["day", "Day"]] },
  { key: "color", label: "Digit colour", kind: "color" },
  { key: "background", label: "Background", kind: "color" },
  check("random_color", "A random colour each minute"),
  percent("size", "Size"),
  percent("glow", "Glow"),
  percent("opacity", "Digit opacity"),
  percent("overlay_opacity", "Overlay opacity"),
  { key: "font", label: "Font", kind: "select", options: () => fontOptions() },
  { key: "weight", label: "Weight", kind: "select",
    options: [100, 200, 300, 400, 500, 600, 700, 800, 900].map((w) => [String(w), String(w)]) },
  { key: "design", label: "Design", kind: "select",
    options: [["default", "System"], ["rounded", "Rounded"], ["monospaced", "Monospaced"], ["serif", "Serif"]] },
  // The night screen (docs/web.md): when every page is dimmed and tinted, in what colour, how bright at most.
  { key: "night", label: "Night screen", kind: "night" },
  { key: "night_color", label: "Night colour", kind: "picker" },
  { key: "night_brightness", label: "Night brightness", kind: "range", min: 1, max: 100, step: 1, unit: " %" },
];

// A night between two times when none is saved yet.
const NIGHT_HOURS = ["22:30", "06:30"];

function fontOptions() {
  const saved = current().font;
  const families = installedFamilies();
  const options = [["", "The design's system font"], ...families.map((f) => [f, f])];
  if (saved && !families.includes(saved)) options.push([saved, `${saved} (not installed here)`]);
  return options;
}

function options(select, pairs) {
  select.replaceChildren(...pairs.map(([value, text]) => el("option", { value, textContent: text })));
}

// ------------------------------------------------------------------ building the controls

const views = new Map(); // key → {render(settings), error: <p>}

async function commit(key, changes) {
  const view = views.get(key);
  view.error.textContent = "";
  const reply = await save(changes);
  if (!reply.ok) {
    view.error.textContent = reply.error.message;
    view.render(current());
  } else if (key.startsWith("night")) {
    refreshNight();
  }
}

function build(field) {
  const id = "setting-" + field.key;
  const error = el("p", { className: "error", id: id + "-error" });
  error.setAttribute("role", "alert");
  const wrap = el("div", { className: "field field-" + field.kind });
  wrap.dataset.key = field.key;
  const label = el("label", { htmlFor: id, textContent: field.label });
  let render;

  if (field.kind === "checkbox") {
    const input = el("input", { type: "checkbox", id });
    input.addEventListener("change", () => commit(field.key, { [field.key]: input.checked }));
    wrap.append(input, label);
    render = (s) => { input.checked = Boolean(s[field.key]); };
  } else if (field.kind === "select") {
    const select = el("select", { id });
    select.addEventListener("change", () => {
      const value = field.key === "weight" ? Number(select.value) : select.value;
      commit(field.key, { [field.key]: value });
    });
    wrap.append(label, select);
    render = (s) => {
      options(select, typeof field.options === "function" ? field.options() : field.options);
      select.value = String(s[field.key]);
    };
  } else if (field.kind === "range") {
    const input = el("input", { type: "range", id, min: field.min, max: field.max, step: field.step });
    const output = el("output", { htmlFor: id });
    input.addEventListener("input", () => { output.textContent = input.value + field.unit; });
    input.addEventListener("change", () => commit(field.key, { [field.key]: Number(input.value) }));
    wrap.append(label, input, output);
    render = (s) => { input.value = String(s[field.key]); output.textContent = s[field.key] + field.unit; };
  } else if (field.kind === "color") {
    // A name (or "default") from the list, or "Custom" and the colour picker's #rrggbb.
    const select = el("select", { id });
    options(select, [["default", "The theme's"], ...COLOR_NAMES.map((n) => [n, n]), ["custom", "Custom"]]);
    const picker = el("input", { type: "color", id: id + "-custom" });
    const pickerLabel = el("label", { htmlFor: picker.id, className: "visually-hidden", textContent: field.label + ", custom" });
    select.addEventListener("change", () => {
      commit(field.key, { [field.key]: select.value === "custom" ? picker.value : select.value });
    });
    picker.addEventListener("change", () => commit(field.key, { [field.key]: picker.value }));
    wrap.append(label, select, pickerLabel, picker);
    render = (s) => {
      const value = String(s[field.key]);
      const custom = value.startsWith("#");
      select.value = custom ? "custom" : (COLOR_NAMES.includes(value) ? value : "default");
      picker.value = cssColor(value, s.theme, field.key);
    };
  } else if (field.kind === "picker") {
    const input = el("input", { type: "color", id });
    input.addEventListener("change", () => commit(field.key, { [field.key]: input.value }));
    wrap.append(label, input);
    render = (s) => { input.value = String(s[field.key]); };
  } else if (field.kind === "night") {
    // Off, sunset to sunrise, or between two times of day ("22:30-06:30").
    const select = el("select", { id });
    options(select, [["off", "Off"], ["sun", "Sunset to sunrise"], ["hours", "Between times"]]);
    const times = NIGHT_HOURS.map((value, i) => el("input", { type: "time", id: `${id}-${i}`, value }));
    const hours = el("span", { className: "night-hours" }, [times[0], el("span", { textContent: "to" }), times[1]]);
    times.forEach((input, i) => input.setAttribute("aria-label", i ? "Night ends" : "Night starts"));
    const send = () => commit(field.key, {
      [field.key]: select.value === "hours" ? `${times[0].value}-${times[1].value}` : select.value,
    });
    select.addEventListener("change", send);
    for (const input of times) input.addEventListener("change", send);
    wrap.append(label, select, hours);
    render = (s) => {
      const value = String(s[field.key]);
      const between = value.includes("-");
      select.value = between ? "hours" : value;
      hours.hidden = !between;
      if (between) value.split("-").forEach((time, i) => { times[i].value = time; });
    };
  } else {
    // The Night and Day presets: a theme, and the digits and background back to its own colours.
    const group = el("div", { className: "presets", attrs: { role: "group" } });
    group.setAttribute("aria-labelledby", id);
    const buttons = field.options.map(([value, text]) => {
      const button = el("button", { type: "button", textContent: text });
      button.dataset.theme = value;
      button.addEventListener("click", () => commit(field.key, { theme: value, color: "default", background: "default" }));
      return button;
    });
    group.append(...buttons);
    wrap.append(el("span", { id, className: "field-label", textContent: field.label }), group);
    render = (s) => buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.theme === s.theme)));
  }
  wrap.append(error);
  views.set(field.key, { render, error });
  return wrap;
}

// ------------------------------------------------------------------ the panel

export function settingsOpen() {
  return !panel.hidden;
}

export function openSettings(open) {
  panel.hidden = !open;
  openButton.setAttribute("aria-expanded", String(open));
  if (open) form.querySelector("select, input, button").focus();
  else if (panel.contains(document.activeElement) || document.activeElement === document.body) openButton.focus();
}

export function startSettings() {
  form.append(...FIELDS.map(build));
  form.addEventListener("submit", (event) => event.preventDefault());
  onSettings((settings) => { for (const view of views.values()) view.render(settings); });
  openButton.addEventListener("click", () => openSettings(panel.hidden));
  document.getElementById("settings-close").addEventListener("click", () => openSettings(false));
}
