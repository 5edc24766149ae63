// The birth date and life expectancy form (`life_set`): open in place of the grid while the daemon has no birth
// date, folded under the figures once it has. The daemon checks the date (not after today, a real date) and the
// years (1–150); its refusal is shown beside the field it is about, in the form's words, and the form keeps what
// was typed.

import { numberField } from "/js/forms.js";
import { sendForm } from "/js/field-errors.js";

const details = document.getElementById("birth-details");
const form = document.getElementById("birth-form");
const date = document.getElementById("birth-date");
const years = document.getElementById("birth-years");
const error = document.getElementById("birth-error");
const noBirth = document.getElementById("no-birth");
let shown = null;
const FIELDS = [
  { input: date, names: ["birth"], what: "the birth date", matches: /^the birth date /, empty: "Choose the date you were born." },
  { input: years, names: ["years"], what: "the years", accepts: `a whole number of years from ${years.min} to ${years.max}` },
];

/// Follows life_show: the form open when there is no birth date; the saved values put in the fields when they
/// change (not on every event, so a half-typed change is not pulled from under the person).
export function showBirth(info) {
  noBirth.hidden = Boolean(info.birth);
  if (!info.birth) details.open = true;
  const saved = `${info.birth}:${info.years}`;
  if (saved === shown) return;
  if (shown !== null && info.birth) details.open = false;
  shown = saved;
  date.value = info.birth || "";
  years.value = String(info.years);
}

/// `onSaved(info)` gets life_show's shape from the reply (the `life_changed` event brings it too).
export function onBirthSaved(onSaved) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const args = { birth: date.value };
    const wanted = numberField(years);
    if (wanted !== undefined) args.years = wanted;
    const info = await sendForm("life_set", args, FIELDS, error);
    if (info) onSaved(info);
  });
}
