// Today's gratitude entry on the life page: the day's entry in a text box, saved with `gratitude_write` (a new
// entry, or replacing the day's when it has one). An entry saved elsewhere (`gratitude_saved`) is put in the box
// unless the person has changed what is in it; then they are told, and Save replaces it with their text.

import { command } from "/js/link.js";
import { send } from "/js/forms.js";
import { timeOfDay } from "/js/life-zone.js";

const form = document.getElementById("entry-form");
const label = document.getElementById("entry-label");
const text = document.getElementById("entry-text");
const save = document.getElementById("entry-save");
const state = document.getElementById("entry-state");
const error = document.getElementById("entry-error");

let date = null;
let entry = null;
let filled = "";

function savedWords(saved) {
  return `Saved at ${timeOfDay(saved.saved_at)}.`;
}

function showEntry(day, shown) {
  const edited = text.value !== filled;
  date = day;
  entry = shown;
  label.textContent = `Today, ${day}`;
  save.textContent = shown ? "Save changes" : "Save";
  if (!edited) {
    filled = shown ? shown.text : "";
    text.value = filled;
    state.textContent = shown ? savedWords(shown) : "Nothing written today yet.";
  } else {
    state.textContent = shown ? `Saved elsewhere at ${timeOfDay(shown.saved_at)}; Save replaces it with your text.` : "";
  }
}

/// Today's entry from the daemon (`gratitude_show`, its date the daemon's today).
export async function loadToday() {
  const reply = await command("gratitude_show");
  if (!reply.ok) { error.textContent = reply.error.message; return; }
  showEntry(reply.data.date, reply.data.entry);
}

/// A `gratitude_saved` event (or this page's own reply): shown when it is today's.
export function entrySaved(saved) {
  if (saved.entry.date === date) showEntry(date, saved.entry);
}

/// A `gratitude_reminder` event: the day still has no entry.
export function reminded(reminder) {
  if (reminder.date === date && !entry) state.textContent = "Reminder: nothing written today yet.";
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  // The day the page shows, so a save just after midnight does not land on a day the person has not seen.
  const args = { text: text.value, mode: entry ? "replace" : "new" };
  if (date) args.date = date;
  const saved = await send(error, "gratitude_write", args);
  if (!saved) return;
  filled = text.value;
  entrySaved(saved);
});
