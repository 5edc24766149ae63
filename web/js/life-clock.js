// The death clock on the life page: the daemon's figures (life_show's `figures`) in words, as the terminal's life
// view says them, and the time left of today. The figures are never worked out here; only the hh:mm:ss to the
// daemon's midnight is counted on the page, from the wall clock in the daemon's zone, between the daemon's answers.

import { formatDuration } from "/js/when.js";
import { wallNow } from "/js/life-zone.js";

const figuresBox = document.getElementById("figures");
const days = document.getElementById("days-remaining");
const daysWords = document.getElementById("days-words");
const percent = document.getElementById("percent");
const weeks = document.getElementById("weeks");
const endDate = document.getElementById("end-date");
const born = document.getElementById("born");
const todayLeft = document.getElementById("today-left");

/// `16636` → `16,636`, grouped as LifeText groups it.
function grouped(value) {
  return value.toLocaleString("en-US");
}

/// Shows life_show's figures, or hides them when there is no birth date (`figures` null).
export function showFigures(info) {
  const f = info.figures;
  figuresBox.hidden = !f;
  if (!f) return;
  const past = f.days_remaining_signed < 0;
  days.textContent = grouped(past ? -f.days_remaining_signed : f.days_remaining);
  const one = (past ? -f.days_remaining_signed : f.days_remaining) === 1;
  daysWords.textContent = (one ? "day" : "days") + (past ? " past the expected end" : " remaining");
  percent.textContent = `${f.percent_lived.toFixed(1)} %`;
  weeks.textContent = `${grouped(f.weeks_lived)} of ${grouped(f.total_weeks)}`;
  endDate.textContent = f.expected_end_date;
  born.textContent = `${info.birth} · expectancy ${info.years} years`;
}

/// The time left of `today` (the daemon's date) on the wall clock; false once the wall clock is on another day,
/// so the page asks the daemon again.
export function showTodayLeft(today) {
  const wall = wallNow();
  if (wall.date !== today) return false;
  todayLeft.textContent = `Today ends in ${formatDuration(86400 - wall.seconds)}`;
  return true;
}
