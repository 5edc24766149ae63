// Habits on the life page: today's bonus, each habit with + and − taps and today's count, Undo (the daemon takes
// back its latest tap, whichever habit it was), a habit added or removed. The list is `habit_list`, the counts
// `habit_today`; a `habit_tapped` event (a tap here, in a terminal or on another page) brings the bonus and the
// day's counts again, and a `habits` event (a habit added or removed anywhere) the list.

import { command } from "/js/link.js";
import { el, keyedList } from "/js/dom.js";
import { send, coalesced, confirmInline, numberField } from "/js/forms.js";
import { timeOfDay } from "/js/life-zone.js";
import { sendForm } from "/js/field-errors.js";

const list = document.getElementById("habits");
const empty = document.getElementById("habits-empty");
const bonus = document.getElementById("bonus");
const undo = document.getElementById("habit-undo");
const undoRow = document.getElementById("undo-row");
const lastTap = document.getElementById("last-tap");
const error = document.getElementById("habit-error");
const form = document.getElementById("habit-form");
const nameInput = document.getElementById("habit-name");
const minutesInput = document.getElementById("habit-minutes");
const formError = document.getElementById("habit-form-error");
const show = keyedList(list);

let habits = [];
let day = { date: null, habits: [], taps: [] };

/// `+25 min`, `-10 min`, `0 min`: the sign always shown, as LifeText writes it.
function minutes(value) {
  return `${value > 0 ? "+" : ""}${value} min`;
}

/// Today's bonus, the daemon's figure (life_show's, habit_today's or a habit_tapped event's for today).
export function showBonus(value) {
  bonus.textContent = `Today's bonus ${minutes(value)}`;
}

function habitRow(habit) {
  const { name } = habit;
  const confirmHost = el("span", { className: "confirm" });
  const tap = (sign, text, label) => el("button", {
    type: "button", textContent: text, className: `tap ${sign}`,
    attrs: { "data-focus-key": `${sign}-${name}`, "aria-label": label },
    on: { click: () => send(error, "habit_tap", { name, sign }) },
  });
  const remove = el("button", {
    type: "button", textContent: "Remove", className: "remove", attrs: { "data-focus-key": `remove-${name}`, "aria-label": `Remove ${name}` },
    on: {
      click: () => confirmInline(confirmHost, `Remove ${name} and its taps?`, "Remove", async () => {
        if (await send(error, "habit_remove", { name })) await loadHabits();
      }),
    },
  });
  const taps = [habit.plus ? `${habit.plus} +` : "", habit.minus ? `${habit.minus} −` : ""].filter(Boolean).join(", ");
  const counts = taps ? `Today ${minutes(habit.total)} (${taps})` : "Not tapped today";
  return el("li", { className: "habit", attrs: { "data-habit": name } },
    el("span", { className: "info" },
      el("span", { className: "name", textContent: name }),
      el("span", { className: "dim worth", textContent: `${habit.minutes} min a tap` }),
      el("span", { className: "dim today", textContent: counts })),
    el("span", { className: "row buttons" },
      tap("plus", `+${habit.minutes}`, `${name}: add ${habit.minutes} min`),
      tap("minus", `−${habit.minutes}`, `${name}: take ${habit.minutes} min`),
      remove),
    confirmHost);
}

function render() {
  const byName = new Map(day.habits.map((sums) => [sums.habit.toLowerCase(), sums]));
  show(habits.map((habit) => {
    const sums = byName.get(habit.name.toLowerCase());
    return { name: habit.name, minutes: habit.minutes, plus: sums ? sums.plus : 0, minus: sums ? sums.minus : 0, total: sums ? sums.minutes : 0 };
  }), (habit) => habit.name, habitRow);
  empty.hidden = habits.length > 0;
  undoRow.hidden = habits.length === 0;
  const latest = day.taps[day.taps.length - 1];
  lastTap.textContent = latest ? `Last today: ${latest.habit} ${minutes(latest.minutes)} at ${timeOfDay(latest.at)}` : "";
}

async function ask(cmd, args) {
  const reply = await command(cmd, args);
  if (!reply.ok) error.textContent = reply.error.message;
  return reply.ok ? reply.data : null;
}

const loadDay = coalesced(async () => {
  const data = await ask("habit_today");
  if (!data) return;
  day = data;
  showBonus(data.bonus_minutes);
  render();
});

/// The habits and today's taps, on connecting and after a change made here.
export const loadHabits = coalesced(async () => {
  const data = await ask("habit_list");
  if (data) habits = data.habits;
  await loadDay();
});

/// A `habit_tapped` event: the bonus when the tap was today's, then the day's counts again (and the list, for a
/// habit this page has not seen yet).
export function habitTapped(event) {
  if (event.tap.day === day.date) showBonus(event.bonus_minutes);
  const known = habits.some((habit) => habit.name.toLowerCase() === event.tap.habit.toLowerCase());
  if (known) loadDay(); else loadHabits();
}

/// A `habits` event (a habit added or removed, here or elsewhere): the list as the daemon has it, then the day's
/// counts and bonus, which a removed habit's taps leave.
export function habitsChanged(event) {
  habits = event.habits;
  loadDay();
}

undo.addEventListener("click", () => send(error, "habit_undo"));

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  // The form keeps what was typed when the daemon refuses it (a name taken, minutes out of range).
  const added = await sendForm("habit_add", { name: nameInput.value.trim(), minutes: numberField(minutesInput) }, [
    { input: nameInput, names: ["name"], what: "the name", matches: /^there is a habit /, empty: "Give the habit a name, e.g. Reading." },
    { input: minutesInput, names: ["minutes"], what: "the minutes a tap" },
  ], formError);
  if (!added) return;
  nameInput.value = "";
  await loadHabits();
});
