// The page's one link to noiseweb (docs/web.md): commands as POST /api/command, the clock settings as
// /api/clock, and the daemon's events over the one WebSocket at /ws, reconnected when it drops. Every page
// imports this module; none opens a second socket. It also registers the service worker (web/sw.js).

import { PAGE_COMMANDS } from "./protocol.js";

const headers = { "Content-Type": "application/json", "X-NoiseClock": "1" };

// The sign-in's key (docs/web.md, "Security model"): the sign-in redirected here with it in the fragment, which no
// server ever sees; it is kept in this origin's storage, which another port's server cannot read (a cookie reaches
// every port of the host, so the cookie alone is refused), and sent with every request.
const KEY_STORAGE = "noiseclock.key";
const handedKey = /^#key=([0-9a-f]{64})$/.exec(location.hash);
if (handedKey) {
  try { localStorage.setItem(KEY_STORAGE, handedKey[1]); } catch { /* storage refused: this load still has it */ }
  history.replaceState(null, "", location.pathname + location.search);
}
function signInKey() {
  try { return localStorage.getItem(KEY_STORAGE) || (handedKey && handedKey[1]) || ""; } catch { return (handedKey && handedKey[1]) || ""; }
}

/// A reply shaped as the daemon's: {ok: true, data} or {ok: false, error: {code, message}}; a network fault or
/// an answer that is not JSON becomes an error of that shape too, so callers show `error.message` either way.
async function exchange(path, init) {
  try {
    const response = await fetch(path, { ...init, headers: { ...(init.headers || {}), "X-NoiseClock-Key": signInKey() } });
    const type = response.headers.get("Content-Type") || "";
    if (!type.startsWith("application/json")) {
      return { ok: false, error: { code: "http_" + response.status, message: (await response.text()).trim() || response.statusText } };
    }
    return await response.json();
  } catch (error) {
    return { ok: false, error: { code: "unreachable", message: "noiseweb cannot be reached (" + error.message + ")" } };
  }
}

/// Sends one protocol command (docs/protocol.md) to noised through noiseweb. A name the registry does not open to
/// the pages (web/js/protocol.js) is refused here, as noiseweb would refuse it, before anything is sent.
export function command(cmd, args) {
  if (!Object.hasOwn(PAGE_COMMANDS, cmd) || !PAGE_COMMANDS[cmd].length) {
    return Promise.resolve({ ok: false, error: { code: "not_allowed_here", message: `'${cmd}' is not one of the commands the pages send.` } });
  }
  return exchange("/api/command", { method: "POST", headers, body: JSON.stringify(args ? { cmd, args } : { cmd }) });
}

/// The saved [clock] settings, as config.toml's keys.
export function clockSettings() {
  return exchange("/api/clock", { headers: { "X-NoiseClock": "1" } });
}

/// Saves `changes` ({key: value}, [clock] keys) to config.toml; the reply's data is every [clock] setting after.
export function saveClockSettings(changes) {
  return exchange("/api/clock", { method: "POST", headers, body: JSON.stringify(changes) });
}

/// A value noiseweb computes with the Swift modules (`/api/mars?...`): a GET, answered in the same shape.
export function reading(path) {
  return exchange(path, {});
}

/// Saves what `path` answers (the life poster) as the file `name`: fetched with the sign-in's key, which a plain
/// link's navigation could not carry. Answers null, or the error's message.
export async function download(path, name) {
  try {
    const response = await fetch(path, { headers: { "X-NoiseClock-Key": signInKey() } });
    if (!response.ok) {
      const reply = await response.json().catch(() => null);
      return (reply && reply.error && reply.error.message) || response.statusText;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement("a"), { href: url, download: name });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    return null;
  } catch (error) {
    return "noiseweb cannot be reached (" + error.message + ")";
  }
}

/// Saves `changes` ({latitude, longitude, ...}) as config.toml's [location]; the reply's data is the table after.
export function saveLocation(changes) {
  return exchange("/api/location", { method: "POST", headers, body: JSON.stringify(changes) });
}

/// Saves the world clocks (`zones`: the whole list, in order) as config.toml's [world] zones; the reply's data is
/// `{zones}` as saved.
export function saveWorld(zones) {
  return exchange("/api/world", { method: "POST", headers, body: JSON.stringify({ zones }) });
}

const listeners = new Map();
const linkListeners = new Set();
let linkState = { up: false, connecting: true, signedOut: false, message: "Connecting…" };

/// Calls `handler(data)` for each event named `event` ("status", "playback", "alarm_ringing", ...).
export function on(event, handler) {
  if (!listeners.has(event)) listeners.set(event, new Set());
  listeners.get(event).add(handler);
}

/// Calls `handler({up, connecting, signedOut, message})` now and whenever the link to noised comes or goes (noiseweb
/// or noised down; `connecting` only before the first answer; `signedOut` when this page's sign-in ended and only
/// `noisectl web`, a pairing or a kiosk's launcher brings it back).
export function onLink(handler) {
  linkListeners.add(handler);
  handler(linkState);
}

function setLink(up, message, signedOut = false) {
  linkState = { up, connecting: false, signedOut, message };
  for (const handler of linkListeners) handler(linkState);
}

function dispatch(event, data) {
  for (const handler of listeners.get(event) || []) handler(data);
}

let socket = null;
let retryMs = 250;

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?key=${signInKey()}`);
  socket.addEventListener("open", () => { retryMs = 250; });
  socket.addEventListener("message", (message) => {
    let parsed;
    try { parsed = JSON.parse(message.data); } catch { return; }
    const { event, data } = parsed;
    if (event === "status" || event === "daemon_up") setLink(true, "");
    if (event === "daemon_down") setLink(false, "noised is not running: " + ((data && data.message) || ""));
    dispatch(event, data);
  });
  socket.addEventListener("close", async () => {
    // A browser hides why an upgrade failed; asking once tells a lost session (noiseweb restarted: sessions live
    // in its memory) from noiseweb being down.
    const probe = await clockSettings();
    const code = probe.error && probe.error.code;
    if (code === "session_required" || code === "device_not_paired" || code === "key_required") {
      // The session ended with a restart of noiseweb, a device or kiosk was unpaired, or this page lacks its
      // sign-in's key: noiseweb's words say which and what to do.
      setLink(false, probe.error.message, true);
    } else if (code === "http_401") {
      setLink(false, "This page's sign-in has ended. Run 'noisectl web' for a new link.", true);
    } else if (probe.error && probe.error.code === "unreachable") {
      // noiseweb itself is gone (stopped, or this device offline), and this page may be the service worker's copy:
      // nothing on it is live until the link is back.
      setLink(false, "Daemon unreachable: " + probe.error.message + "; trying again…");
    } else {
      setLink(false, "noiseweb cannot be reached; trying again…");
    }
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  });
}

/// Opens the WebSocket once; later calls do nothing.
export function start() {
  if (!socket) connect();
}

// The service worker (web/sw.js) keeps the app's files so a page opens, and says the daemon is unreachable, without
// noiseweb. navigator.serviceWorker exists only in a secure context (127.0.0.1, localhost or HTTPS); elsewhere the
// pages just need the network. Registered after the load, so the face's first paint does not wait on it; what the
// browser answered is noted on <html> as data-service-worker (as face-display.js notes the wake lock).
function registerWorker() {
  const note = (value) => { document.documentElement.dataset.serviceWorker = value; };
  // Read now: a new worker claims the page as it activates, but this load's files had already gone past it.
  const loadedPastWorker = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then((registration) => {
    note("ready");
    // Hand the worker the files this load fetched, to keep for the next time noiseweb is away.
    if (loadedPastWorker && registration.active) {
      const urls = [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
      registration.active.postMessage({ keep: urls });
    }
  }, (error) => note("refused: " + error.message));
}

if (navigator.serviceWorker) {
  if (document.readyState === "complete") registerWorker();
  else window.addEventListener("load", registerWorker, { once: true });
}
