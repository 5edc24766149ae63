// The world page (docs/web.md, "The world page"): the local time on an analog face with one saved zone's
// complication, and every saved zone as a small clock. noiseweb's `/api/world` gives each zone's offset (tz
// arithmetic stays in Swift); the hands are the browser's clock plus that offset, turned once a second while the
// page is seen. The page asks again only when an offset changes (the earliest `next_change_unix`) and when it is
// seen again after being hidden; `?at=UNIX` holds one instant, frozen.

import { reading, start } from "/js/link.js";
import { el, showLinkBanner, replaceChildren } from "/js/dom.js";
import { coalesced } from "/js/forms.js";
import { everySecondWhileSeen } from "/js/when.js";
import { wallTime } from "/js/world-wall.js";
import { showFace, tickFace } from "/js/world-face.js";
import { showClocks, tickClocks } from "/js/world-clocks.js";
import { setUpWorldEdit } from "/js/world-edit.js";
import { hoursKnown } from "/js/hours.js";
import "/js/ringing.js";
import "/js/dawn.js";

const at = new URL(location.href).searchParams.get("at");
const error = document.getElementById("world-error");
const frozen = document.getElementById("frozen");
const warnings = document.getElementById("warnings");
// setTimeout takes at most 2^31−1 ms (about 24.8 days); a change further off is waited for in steps.
const LONGEST_WAIT_MS = 2 ** 31 - 1;
// The answer at the change itself must already carry the new offset: ask a second after it, not on the dot, so a
// browser clock slightly ahead of the machine's does not fetch the old one again.
const AFTER_CHANGE_MS = 1000;

let answer = null;
let changeTimer = null;

const now = () => (at !== null ? answer.unix : Math.floor(Date.now() / 1000));

function tick() {
  if (!answer) return;
  const unix = now();
  const here = wallTime(unix, answer.here.utc_offset_seconds);
  tickFace(here);
  tickClocks(unix, here.day);
}

function waitForChange() {
  clearTimeout(changeTimer);
  changeTimer = null;
  if (at !== null || !answer) return;
  const changes = [answer.here, ...answer.zones].map((zone) => zone.next_change_unix).filter((unix) => unix != null);
  if (!changes.length) return;
  const wait = Math.min(...changes) * 1000 + AFTER_CHANGE_MS - Date.now();
  if (wait > LONGEST_WAIT_MS) changeTimer = setTimeout(waitForChange, LONGEST_WAIT_MS);
  else changeTimer = setTimeout(refresh, Math.max(0, wait));
}

function show(data) {
  answer = data;
  error.textContent = "";
  showFace(data);
  showClocks(data);
  replaceChildren(warnings, data.warnings.map((text) => el("li", { textContent: text })));
  frozen.hidden = at === null;
  frozen.textContent = at === null ? "" : `Held at ${new Date(data.unix * 1000).toISOString().replace(".000Z", "Z")} (remove ?at= for now).`;
  tick();
  waitForChange();
  document.body.dataset.loaded = "";
}

const refresh = coalesced(async () => {
  const reply = await reading("/api/world" + (at !== null ? `?at=${encodeURIComponent(at)}` : ""));
  if (reply.ok) show(reply.data); else error.textContent = reply.error.message;
});

showLinkBanner();
setUpWorldEdit(() => (answer ? answer.saved : []), refresh);
hoursKnown.then(start);
refresh();
if (at === null) {
  // Coming back into view may be after an offset change a throttled timer missed: ask again then.
  everySecondWhileSeen(tick, () => { if (answer) refresh(); });
}
