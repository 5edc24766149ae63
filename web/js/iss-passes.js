// The ISS page's passes (`/api/iss/passes`, Orbits' PassFinder as `noisectl iss passes`): when each rises, how
// high it climbs, whether it can be seen; and an alarm before the passes, sent as `noisectl alarm add --pass` sends it.

import { reading } from "/js/link.js";
import { el, replaceChildren } from "/js/dom.js";
import { numberField } from "/js/forms.js";
import { formatInstant, formatDuration } from "/js/when.js";
import { timeOptions } from "/js/hours.js";
import { sendForm } from "/js/field-errors.js";

const list = document.getElementById("passes");
const empty = document.getElementById("passes-empty");
const observer = document.getElementById("passes-observer");
const error = document.getElementById("passes-error");

// The daemon's zone (a status's `alarms.time_zone`), in which the passes' times are shown, as `noisectl iss passes`
// shows them; the browser's own until a status names it, or when Intl does not know the name.
let passTimes = format(undefined);

function format(timeZone) {
  return new Intl.DateTimeFormat(undefined, {
    weekday: "short", day: "numeric", month: "short", ...timeOptions(), timeZone,
  });
}

/// Follows the zone a status names; true when it changed what the times read.
export function setPassZone(name) {
  const before = passTimes.resolvedOptions().timeZone;
  try {
    passTimes = format(name || undefined);
  } catch {
    passTimes = format(undefined);
  }
  return passTimes.resolvedOptions().timeZone !== before;
}

/// `utc` ("2024-01-01T18:15:53.118Z") as the daemon's wall clock shows it.
function when(utc) {
  if (passTimes.resolvedOptions().hourCycle !== timeOptions().hourCycle) passTimes = format(passTimes.resolvedOptions().timeZone);
  return passTimes.format(new Date(utc));
}

/// Loads the passes (`search`: the page's `?at=` and `?satellite=`) and shows them; resolves to the end of the
/// first one (Unix seconds), when the list is to be asked for again.
export async function loadPasses(search) {
  const reply = await reading("/api/iss/passes" + search);
  if (!reply.ok) {
    error.textContent = reply.error.message;
    return null;
  }
  error.textContent = "";
  const report = reply.data;
  observer.textContent = `From ${report.observer}, above ${report.min_elevation_deg}°, the next 10 days:`;
  empty.hidden = report.passes.length > 0;
  replaceChildren(list, report.passes.slice(0, 12).map((pass) => el("li", {
    className: pass.visible ? "visible" : "", attrs: { "data-rise": pass.rise.utc },
  },
    el("span", { className: "when", textContent: when(pass.rise.utc) }),
    el("span", { textContent: `${Math.round(pass.max_elevation_deg)}° high` }),
    el("span", {
      className: "detail dim",
      textContent: `${formatDuration(pass.duration_s)} long` + (pass.visible && pass.magnitude !== null ? `, magnitude ${pass.magnitude.toFixed(1)}` : "")
        + (pass.visible ? ", visible" : ""),
    }))));
  return report.passes.length ? Date.parse(report.passes[0].set.utc) / 1000 : null;
}

const form = document.getElementById("pass-alarm");
const visible = document.getElementById("pass-visible");
const before = document.getElementById("pass-before");
const alarmError = document.getElementById("pass-alarm-error");
const added = document.getElementById("pass-alarm-added");

/// The alarm form, for the satellite the page shows.
export function wirePassAlarm(satellite) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    added.textContent = "";
    const minutes = numberField(before);
    const args = { pass_satellite: satellite(), pass_visible: visible.checked };
    if (minutes !== undefined) args.pass_before = typeof minutes === "number" ? minutes * 60 : minutes;
    const data = await sendForm("alarm_add", args, [
      { input: before, names: ["pass_before"], what: "the minutes before",
        accepts: `a number of minutes from ${before.min} to ${before.max}` },
    ], alarmError);
    if (data && data.alarm) {
      const next = data.next_trigger ? `; it rings next ${formatInstant(data.next_trigger)}` : "";
      added.textContent = `Alarm ${data.alarm.id} added${next}.`;
    }
  });
}
