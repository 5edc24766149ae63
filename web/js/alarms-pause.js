// Pause on the alarms page: the row asks for the first day the alarm rings again (a date input, tomorrow at the
// earliest) and sends `alarm_pause` with it; the daemon checks the date against the alarm's own clock and says why
// when it refuses (the list's error line shows it).

import { el } from "/js/dom.js";

/// `YYYY-MM-DD` of the day after today, on this browser's calendar: the earliest a date input offers.
function tomorrow() {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  const pad = (n) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/// Puts "Ring again from [date] Pause Keep" in the row's `host`; `onPause(date)` gets the chosen `YYYY-MM-DD`.
export function askPauseDate(host, name, onPause) {
  const done = () => host.replaceChildren();
  const input = el("input", {
    type: "date", className: "pause-until", required: true, min: tomorrow(), value: tomorrow(),
    attrs: { "aria-label": `First day the alarm ${name} rings again` },
  });
  const form = el("form", {
    className: "pause-form",
    on: {
      submit: (event) => {
        event.preventDefault();
        if (!input.value) return;
        done();
        onPause(input.value);
      },
    },
  },
  el("label", { textContent: "Ring again from " }, input),
  el("button", { type: "submit", textContent: "Pause", className: "confirm-yes" }),
  el("button", { type: "button", textContent: "Keep", className: "confirm-no", on: { click: done } }));
  host.replaceChildren(form);
  input.focus();
}
