// The alarms page (docs/web.md, "The alarms page"). The list is fetched with `alarm_list` (which also holds the
// timers) when the page connects; each `alarms_changed` (sent for every change wherever it was made, this page's
// own among them) carries the alarms changed and the ids removed, and the page updates its list with them, asking
// for it again only when the event says the whole list changed. `missed_cleared` empties the missed list.

import { on, start } from "/js/link.js";
import { showLinkBanner } from "/js/dom.js";
import { send, coalesced } from "/js/forms.js";
import { showAlarms } from "/js/alarms-list.js";
import { setAlarmSounds, setUpForm } from "/js/alarms-form.js";
import { showTimers } from "/js/alarms-timers.js";
import { showMissed, addMissed } from "/js/alarms-missed.js";
import { hoursKnown } from "/js/hours.js";
import "/js/ringing.js";
import "/js/dawn.js";

const listError = document.getElementById("list-error");

// The alarms and timers shown, by id.
let shown = new Map();

// When an alarm sounds next, as `alarm_list` orders them: a ringing one at its ring's start, else the sooner of
// its next trigger and its snooze's end; one that will not sound, last.
function soundsAt(info) {
  if (info.ringing_since) return info.ringing_since.unix;
  return Math.min(info.next_trigger ? info.next_trigger.unix : Infinity, info.snoozed_until ? info.snoozed_until.unix : Infinity);
}

function showList() {
  const all = [...shown.values()].sort((a, b) => (soundsAt(a) - soundsAt(b)) || (a.alarm.id - b.alarm.id));
  showAlarms(all.filter((info) => info.alarm.fires_at === null));
  showTimers(all.filter((info) => info.alarm.fires_at !== null));
}

const loadAlarms = coalesced(async () => {
  const data = await send(listError, "alarm_list");
  if (!data) return;
  shown = new Map(data.alarms.map((info) => [info.alarm.id, info]));
  showList();
});

function applyChanges(change) {
  if (change.reload) return loadAlarms();
  for (const id of change.removed) shown.delete(id);
  for (const info of change.alarms) shown.set(info.alarm.id, info);
  showList();
}

const loadSounds = coalesced(async () => {
  const data = await send(document.getElementById("form-error"), "sounds");
  if (data) setAlarmSounds(data.sounds);
});

showLinkBanner();
setUpForm();
on("status", (status) => {
  showMissed((status.alarms && status.alarms.missed) || []);
  // `data-loaded` tells a test (or a person's script) the page shows the daemon's state.
  Promise.all([loadAlarms(), loadSounds()]).then(() => { document.body.dataset.loaded = ""; });
});
on("alarms_changed", applyChanges);
on("alarm_missed", (item) => { addMissed(item); loadAlarms(); });
on("missed_cleared", () => showMissed([]));
on("catalog", loadSounds);
hoursKnown.then(start);
