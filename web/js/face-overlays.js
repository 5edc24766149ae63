// The lines under the digits: the next alarm (status's alarms.next, then each next_alarm event) and what plays
// (status, then each playback event), each shown when its [clock] key is on.

import { on } from "/js/link.js";
import { onSettings } from "/js/face-state.js";
import { relayout, twelveHour } from "/js/face-clock.js";
import { wallClock } from "/js/when.js";

const nextLine = document.getElementById("next-alarm");
const playingLine = document.getElementById("now-playing");

let nextAlarm = null;
let playingText = "";
let settings = null;

function alarmText(info) {
  if (!info || !info.alarm) return "";
  const at = info.snoozed_until || info.next_trigger;
  const when = at ? wallClock(at, { weekday: "short", hour: "2-digit", minute: "2-digit", hour12: twelveHour(settings) })
    : info.alarm.time;
  const label = info.alarm.label ? ` ${info.alarm.label}` : "";
  return `Next alarm:${label} ${when}${info.snoozed_until ? " (snoozed)" : ""}`;
}

function playbackText(playback) {
  const playing = (playback && playback.playing) || [];
  if (playing.length) return "Playing: " + playing.map((s) => s.name || s.id).join(", ");
  if (playback && playback.state === "paused") return "Paused";
  return "";
}

function show() {
  if (!settings) return;
  const before = [nextLine.hidden, playingLine.hidden].join();
  const nextText = alarmText(nextAlarm);
  nextLine.textContent = nextText;
  nextLine.hidden = !(settings.next_alarm && nextText);
  playingLine.textContent = playingText;
  playingLine.hidden = !(settings.now_playing && playingText);
  if ([nextLine.hidden, playingLine.hidden].join() !== before) relayout();
}

export function startOverlays() {
  onSettings((next) => { settings = next; show(); });
  on("status", (status) => {
    nextAlarm = status.alarms && status.alarms.next;
    playingText = playbackText(status);
    show();
  });
  on("next_alarm", (data) => { nextAlarm = data && data.alarm; show(); });
  on("playback", (playback) => { playingText = playbackText(playback); show(); });
}
