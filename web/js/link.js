// The page's one link to noiseweb (docs/web.md): commands as POST /api/command, the clock settings as
// /api/clock, and the daemon's events over the one WebSocket at /ws, reconnected when it drops. Every page
// imports this module; none opens a second socket.

const headers = { "Content-Type": "application/json", "X-NoiseClock": "1" };

/// A reply shaped as the daemon's: {ok: true, data} or {ok: false, error: {code, message}}; a network fault or
/// an answer that is not JSON becomes an error of that shape too, so callers show `error.message` either way.
async function exchange(path, init) {
  try {
    const response = await fetch(path, init);
    const type = response.headers.get("Content-Type") || "";
    if (!type.startsWith("application/json")) {
      return { ok: false, error: { code: "http_" + response.status, message: (await response.text()).trim() || response.statusText } };
    }
    return await response.json();
  } catch (error) {
    return { ok: false, error: { code: "unreachable", message: "noiseweb cannot be reached (" + error.message + ")" } };
  }
}

/// Sends one protocol command (docs/protocol.md) to noised through noiseweb.
export function command(cmd, args) {
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

/// Saves `changes` ({latitude, longitude, ...}) as config.toml's [location]; the reply's data is the table after.
export function saveLocation(changes) {
  return exchange("/api/location", { method: "POST", headers, body: JSON.stringify(changes) });
}

const listeners = new Map();
const linkListeners = new Set();
let linkState = { up: false, message: "Connecting…" };

/// Calls `handler(data)` for each event named `event` ("status", "playback", "alarm_ringing", ...).
export function on(event, handler) {
  if (!listeners.has(event)) listeners.set(event, new Set());
  listeners.get(event).add(handler);
}

/// Calls `handler({up, message})` now and whenever the link to noised comes or goes (noiseweb or noised down).
export function onLink(handler) {
  linkListeners.add(handler);
  handler(linkState);
}

function setLink(up, message) {
  linkState = { up, message };
  for (const handler of linkListeners) handler(linkState);
}

function dispatch(event, data) {
  for (const handler of listeners.get(event) || []) handler(data);
}

let socket = null;
let retryMs = 250;

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
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
    if (probe.error && probe.error.code === "http_401") {
      setLink(false, "This page's session has ended (noiseweb restarted). Run 'noisectl web' for a new link.");
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
