// The life page (docs/web.md, "The life page"): the grid of weeks, the death clock, today's bonus and the habits,
// and the gratitude diary, as the daemon's life_show, habit_* and gratitude_* give them. It polls nothing: the
// `status` event (connecting, or noised back) loads everything; `life_changed`, `habit_tapped` and
// `gratitude_saved` bring each change made anywhere. The one count kept on the page is the time left of today,
// and when the daemon's zone reaches midnight the page asks again, as the day's figures then change.

import { command, download, on, start } from "/js/link.js";
import { showLinkBanner } from "/js/dom.js";
import { coalesced } from "/js/forms.js";
import { everySecondWhileSeen } from "/js/when.js";
import { setZone, wallNow } from "/js/life-zone.js";
import { drawGrid } from "/js/life-grid.js";
import { showFigures, showTodayLeft } from "/js/life-clock.js";
import { showBirth, onBirthSaved } from "/js/life-birth.js";
import { showBonus, loadHabits, habitTapped, habitsChanged } from "/js/life-habits.js";
import { loadToday, entrySaved, reminded } from "/js/life-diary.js";
import { loadEntries, onMore } from "/js/life-entries.js";
import { hoursKnown } from "/js/hours.js";
import "/js/ringing.js";
import "/js/dawn.js";

const main = document.querySelector("main.life");
const weeksPanel = document.getElementById("weeks-panel");
const lifeError = document.getElementById("life-error");
let today = null;
let askedFor = null;

/// life_show's answer (or a life_changed event's, the same shape).
function showLife(info) {
  today = info.today;
  const set = Boolean(info.figures);
  main.classList.toggle("unset", !set);
  weeksPanel.hidden = !set;
  showFigures(info);
  if (set) drawGrid(info.figures, info.years);
  showBirth(info);
  showBonus(info.bonus_minutes);
  tick();
}

// The posters come from noiseweb with the sign-in's key, which a link's own navigation cannot send.
for (const [id, paper] of [["poster-a4", "a4"], ["poster-a3", "a3"]]) {
  const link = document.getElementById(id);
  link.addEventListener("click", async (event) => {
    event.preventDefault();
    const failed = await download(link.getAttribute("href"), `life-poster-${paper}.svg`);
    lifeError.textContent = failed ? "The poster could not be made: " + failed : "";
  });
}

const loadEntriesNow = coalesced(() => (today ? loadEntries(today) : Promise.resolve()));

const loadAll = coalesced(async () => {
  const reply = await command("life_show");
  if (!reply.ok) { lifeError.textContent = reply.error.message; return; }
  lifeError.textContent = "";
  showLife(reply.data);
  await Promise.all([loadHabits(), loadToday(), loadEntriesNow()]);
  // `data-loaded`: the page shows the daemon's state (the browser tests wait for it).
  document.body.dataset.loaded = "";
});

/// Each second: the time left of today; at the daemon's midnight, everything again (once per new wall date,
/// so a daemon whose clock lags the browser's is not asked every second).
function tick() {
  if (!today || showTodayLeft(today)) return;
  const wallDate = wallNow().date;
  if (askedFor === wallDate) return;
  askedFor = wallDate;
  loadAll();
}


showLinkBanner();
onBirthSaved(showLife);
onMore(loadEntriesNow);
on("status", (status) => {
  setZone(status.alarms && status.alarms.time_zone);
  loadAll();
});
on("life_changed", showLife);
on("habit_tapped", habitTapped);
on("habits", habitsChanged);
on("gratitude_saved", (saved) => { entrySaved(saved); loadEntriesNow(); });
// An import may have brought today's entry as well as older ones.
on("gratitude_imported", () => { loadToday(); loadEntriesNow(); });
on("gratitude_reminder", reminded);
everySecondWhileSeen(tick);
hoursKnown.then(start);
