// The alarms page (docs/web.md, "The alarms page"). The list is fetched with `alarm_list` (which also holds the
// timers) when the page connects and on each event that says alarms changed (`alarms_changed`, sent for every
// change wherever it was made, and `alarm_missed`); `missed_cleared` empties the missed list.

import { on, start } from "/js/link.js";
import { showLinkBanner } from "/js/dom.js";
import { send, coalesced } from "/js/forms.js";
import { showAlarms, setUpList } from "/js/alarms-list.js";
import { setAlarmSounds, setUpForm } from "/js/alarms-form.js";
import { showTimers, setUpTimers } from "/js/alarms-timers.js";
import { showMissed, addMissed } from "/js/alarms-missed.js";
import { hoursKnown } from "/js/hours.js";
import "/js/ringing.js";

const listError = document.getElementById("list-error");

const loadAlarms = coalesced(async () => {
  const data = await send(listError, "alarm_list");
  if (!data) return;
  const all = data.alarms;
  showAlarms(all.filter((info) => info.alarm.fires_at === null));
  showTimers(all.filter((info) => info.alarm.fires_at !== null));
});

const loadSounds = coalesced(async () => {
  const data = await send(document.getElementById("form-error"), "sounds");
  if (data) setAlarmSounds(data.sounds);
});

showLinkBanner();
setUpList(loadAlarms);
setUpForm(loadAlarms);
setUpTimers(loadAlarms);
on("status", (status) => {
  showMissed((status.alarms && status.alarms.missed) || []);
  // `data-loaded` tells a test (or a person's script) the page shows the daemon's state.
  Promise.all([loadAlarms(), loadSounds()]).then(() => { document.body.dataset.loaded = ""; });
});
on("alarms_changed", loadAlarms);
on("alarm_missed", (item) => { addMissed(item); loadAlarms(); });
on("missed_cleared", () => showMissed([]));
on("catalog", loadSounds);
hoursKnown.then(start);
