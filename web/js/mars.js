// The Mars page (docs/web.md, "The Mars page"): the Mars24 clock for the saved site and up to four more, read
// from noiseweb's `/api/mars` (MarsTime, in Swift) a minute of seconds at a time (steps.js), and shown each second
// while the page is visible. The places are kept in
// the address (`?place=jezero&place=gale&big=1`), so a page can be bookmarked; `?at=UNIX` holds one instant.

import { reading } from "/js/link.js";
import { showLinkBanner } from "/js/dom.js";
import { coalesced } from "/js/forms.js";
import { everySecondWhileSeen } from "/js/when.js";
import { steppedReader } from "/js/steps.js";
import { showPlaces } from "/js/mars-places.js";
import { loadLibrary } from "/js/mars-library.js";
import { showAlarmPlaces } from "/js/mars-alarm.js";
import "/js/ringing.js";
import "/js/dawn.js";

const MAX_PLACES = 5;
const address = new URL(location.href);
let places = address.searchParams.getAll("place");
let shown = Number(address.searchParams.get("big") || 0);
const at = address.searchParams.get("at");
const error = document.getElementById("mars-error");
const note = document.getElementById("mars-note");
const frozen = document.getElementById("frozen");
let refreshLibrary = () => {};
let wasFull = null;

function query(texts) {
  const params = new URLSearchParams();
  for (const text of texts) params.append("place", text);
  if (at !== null) params.set("at", at);
  return "/api/mars?" + params.toString();
}

function remember() {
  const next = new URL(location.href);
  next.searchParams.delete("place");
  for (const text of places) next.searchParams.append("place", text);
  if (shown) next.searchParams.set("big", String(shown)); else next.searchParams.delete("big");
  history.replaceState(null, "", next);
}

const actions = {
  show(i) { shown = i; remember(); refresh(); },
  remove(i) {
    places.splice(i, 1);
    if (shown >= places.length || shown === i) shown = 0; else if (i < shown) shown -= 1;
    remember();
    refresh();
  },
};

function show(answer) {
  error.textContent = "";
  const asked = query(places);
  places = answer.places.map((place) => place.text);
  // With no place asked for, the answer names the saved site: the same readings under the address that names it.
  if (asked !== query(places) && asked === query([])) live.same(query(places));
  if (shown >= places.length) shown = 0;
  showPlaces(answer, shown, actions);
  showAlarmPlaces(answer.places);
  note.hidden = !answer.note;
  note.textContent = answer.note || "";
  frozen.hidden = at === null;
  frozen.textContent = at === null ? "" : `At ${answer.utc} (held: remove ?at= from the address for now).`;
  // The library's Add buttons change only when the cards fill up or make room.
  const full = places.length >= MAX_PLACES;
  if (full !== wasFull) { wasFull = full; refreshLibrary(); }
  document.body.dataset.loaded = "";
}

// Live: a minute of readings per request. Held (`?at=`): the one instant.
const live = steppedReader(60);

const refresh = coalesced(async () => {
  const reply = await (at === null ? live(query(places)) : reading(query(places)));
  if (reply.ok) show(reply.data); else error.textContent = reply.error.message;
});

/// Adds a place when noiseweb can read it (a site or a longitude); else resolves to noiseweb's reason.
async function add(text) {
  if (places.length >= MAX_PLACES) return `At most ${MAX_PLACES} sites at once: remove one first.`;
  if (places.includes(text)) return null;
  const reply = await reading(query([...places, text]));
  if (!reply.ok) return reply.error.message;
  show(reply.data);
  remember();
  return null;
}

showLinkBanner();
refresh().then(async () => {
  refreshLibrary = (await loadLibrary(add, () => places.length >= MAX_PLACES)) || (() => {});
});
if (at === null) {
  everySecondWhileSeen(refresh);
}
