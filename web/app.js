// The placeholder page (docs/web.md): the time, what noised plays and its next alarm, live over /ws, and a Stop
// button that posts {"cmd":"stop"}. The clock face replaces it in a later slice.

const $ = (id) => document.getElementById(id);

function showTime() {
  const now = new Date();
  $("time").textContent = now.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  // Wake at the next minute's start, not every second.
  setTimeout(showTime, 60000 - (now.getSeconds() * 1000 + now.getMilliseconds()));
}

function showPlayback(playback) {
  const playing = (playback && playback.playing) || [];
  $("playing").textContent = playing.length ? playing.map((s) => s.name || s.id).join(", ") : "nothing";
}

function showNextAlarm(next) {
  const alarm = next && next.alarm;
  const at = next && next.next_trigger && next.next_trigger.local;
  $("next-alarm").textContent = alarm ? `${alarm.label || alarm.time} (${at || alarm.time})` : "none";
}

function showLink(text, down) {
  $("link").textContent = text;
  $("link").classList.toggle("down", down);
}

const handlers = {
  status(data) {
    showLink("Connected to noised " + data.version, false);
    showPlayback(data);
    showNextAlarm(data.alarms && data.alarms.next);
  },
  playback: showPlayback,
  next_alarm: showNextAlarm,
  daemon_down(data) { showLink("noised is not running: " + data.message, true); },
  daemon_up() { showLink("noised is back", false); },
};

function connect() {
  const socket = new WebSocket(`ws://${location.host}/ws`);
  socket.addEventListener("message", (message) => {
    const { event, data } = JSON.parse(message.data);
    if (handlers[event]) handlers[event](data);
  });
  socket.addEventListener("close", () => {
    showLink("noiseweb cannot be reached; trying again…", true);
    setTimeout(connect, 2000);
  });
}

async function command(cmd, args) {
  const response = await fetch("/api/command", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-NoiseClock": "1" },
    body: JSON.stringify(args ? { cmd, args } : { cmd }),
  });
  const reply = await response.json();
  $("error").textContent = reply.ok ? "" : reply.error.message;
  return reply;
}

$("stop").addEventListener("click", () => command("stop"));
showTime();
connect();
