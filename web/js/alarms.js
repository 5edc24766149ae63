// The alarms page (docs/web.md, "The alarms page"). The list is fetched with `alarm_list` (which also holds the
// timers) when the page connects, after this page's own changes, and on each event that says alarms moved
// (next_alarm, alarm_ringing, alarm_snoozed, alarm_dismissed, alarm_missed). noised has no event for an alarm
// added, edited or removed elsewhere unless it changes the next alarm: docs/web.md names that gap.

import { on, start } from "/js/link.js";
import { showLinkBanner } from "/js/dom.js";
import { send, coalesced } from "/js/forms.js";
import { showAlarms, setUpList } from "/js/alarms-list.js";
import { setAlarmSounds, setUpForm } from "/js/alarms-form.js";
import { showTimers, setUpTimers } from "/js/alarms-timers.js";
import { showMissed, addMissed } from "/js/alarms-missed.js";

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
for (const event of ["next_alarm", "alarm_ringing", "alarm_snoozed", "alarm_dismissed"]) on(event, loadAlarms);
on("alarm_missed", (item) => { addMissed(item); loadAlarms(); });
on("catalog", loadSounds);
start();
