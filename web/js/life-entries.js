// The diary's last entries and its search on the life page. `gratitude_list` pages oldest first and has no
// "newest first", so the last entries are found by asking for a window of days before the daemon's today, widened
// until it holds enough entries (or is the whole diary): one request for someone who writes most days.

import { command } from "/js/link.js";
import { el, keyedList, replaceChildren } from "/js/dom.js";
import { send } from "/js/forms.js";
import { timeOfDay } from "/js/life-zone.js";

const PAGE = 200;
const STEP = 7;
const WINDOWS = [7, 28, 112, 448, 1792, null];

const list = document.getElementById("entries");
const empty = document.getElementById("entries-empty");
const more = document.getElementById("entries-more");
const error = document.getElementById("entries-error");
const searchForm = document.getElementById("search-form");
const words = document.getElementById("search-words");
const results = document.getElementById("search-results");
const searchEmpty = document.getElementById("search-empty");
const searchError = document.getElementById("search-error");
const show = keyedList(list);

let wanted = STEP;

/// `date` less `days` calendar days, both YYYY-MM-DD: plain date arithmetic on the daemon's today, to ask for a
/// window of the diary (no figure of the daemon's is computed here).
function daysBefore(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/// The last `count` entries since `since` (all of them without), asking page by page; null when refused.
async function tail(since, count) {
  let kept = [];
  let after;
  for (;;) {
    const args = { limit: PAGE };
    if (since) args.since = since;
    if (after) args.after = after;
    const reply = await command("gratitude_list", args);
    if (!reply.ok) { error.textContent = reply.error.message; return null; }
    const page = reply.data.entries;
    kept = kept.concat(page).slice(-count);
    if (page.length < PAGE) return kept;
    after = page[page.length - 1].date;
  }
}

function entryRow(entry) {
  const first = entry.text.split("\n").find((line) => line.trim()) || "";
  return el("li", { attrs: { "data-date": entry.date } },
    el("details", {},
      el("summary", {}, el("span", { className: "date", textContent: entry.date }), " ", el("span", { className: "first", textContent: first })),
      el("p", { className: "text", textContent: entry.text }),
      el("p", { className: "dim", textContent: `Saved at ${timeOfDay(entry.saved_at)}` })));
}

/// The last entries before `today` (the daemon's), newest first.
export async function loadEntries(today) {
  let found = null;
  for (const span of WINDOWS) {
    found = await tail(span === null ? null : daysBefore(today, span - 1), wanted + 1);
    if (found === null) return;
    if (found.length > wanted || span === null) break;
  }
  error.textContent = "";
  // One more than is shown tells whether there are earlier ones to offer.
  more.hidden = found.length <= wanted;
  const shown = found.slice(-wanted).reverse();
  show(shown, (entry) => entry.date, entryRow);
  empty.hidden = shown.length > 0;
}

/// Makes "Show earlier entries" ask for one more page; `reload()` shows them.
export function onMore(reload) {
  more.addEventListener("click", () => { wanted += STEP; reload(); });
}

/// `The [walk] by the river` with the daemon's brackets as marks, built as text nodes.
function snippet(text) {
  return text.split(/\[([^[\]]*)\]/).map((part, i) => (i % 2 ? el("mark", { textContent: part }) : part));
}

searchForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const asked = words.value.trim();
  searchEmpty.hidden = true;
  if (!asked) { searchError.textContent = ""; replaceChildren(results, []); return; }
  const data = await send(searchError, "gratitude_search", { words: asked });
  if (!data) return;
  replaceChildren(results, data.matches.map((match) => el("li", { attrs: { "data-date": match.entry.date } },
    el("span", { className: "date", textContent: match.entry.date }), " ",
    el("span", { className: "snippet" }, snippet(match.snippet)))));
  searchEmpty.textContent = data.matches.length ? "" : `No entry has ${asked}.`;
  searchEmpty.hidden = data.matches.length > 0;
});
