// The lines under the digits: the next alarm (status's alarms.next, then each next_alarm event) and what plays
// (status, then each playback event), each shown when its [clock] key is on. A snoozed next alarm has its Dismiss
// there ("I'm up"): switching it off would end the snooze but also skip a repeating alarm's coming days. With what
// plays, while a sleep timer runs: when it ends, the volume it fades to, and "+15 min" (`sleep_extend`).

import { command, on } from "/js/link.js";
import { onSettings } from "/js/face-state.js";
import { relayout } from "/js/face-clock.js";
import { formatDay, wallClock } from "/js/when.js";
import { alarmTime, timeOptions } from "/js/hours.js";
import { everySecond } from "/js/when.js";
import { endOf, extendSleep, shownTimer, sleepText } from "/js/sleep-timer.js";

const nextLine = document.getElementById("next-alarm");
const playingLine = document.getElementById("now-playing");
const dismissSnoozed = document.getElementById("dismiss-snoozed");
const sleepLine = document.getElementById("sleep-line");
const sleepTimer = document.getElementById("sleep-timer");
const sleepExtend = document.getElementById("sleep-extend");
const pageError = document.getElementById("face-error");

let nextAlarm = null;
let playingText = "";
/// The sleep timer shown (`shownTimer`) and when it ends on this page's clock, or null.
let sleep = null;
let stopCountdown = null;
let settings = null;

function alarmText(info) {
  if (!info || !info.alarm) return "";
  const at = info.snoozed_until || info.next_trigger;
  const when = at ? wallClock(at, { weekday: "short", ...timeOptions() }) : alarmTime(info.alarm.time);
  const label = info.alarm.label ? ` ${info.alarm.label}` : "";
  const skips = info.skips ? ` (skips ${wallClock(info.skips, { weekday: "short", day: "numeric", month: "short" })})` : "";
  const paused = info.paused_until ? ` (paused until ${formatDay(info.paused_until)})` : "";
  return `Next alarm:${label} ${when}${info.snoozed_until ? " (snoozed)" : skips + paused}`;
}

function playbackText(playback) {
  const playing = (playback && playback.playing) || [];
  if (playing.length) return "Playing: " + playing.map((s) => s.name || s.id).join(", ");
  if (playback && playback.state === "paused") return "Paused";
  return "";
}

function show() {
  if (!settings) return;
  const before = [nextLine.hidden, playingLine.hidden, dismissSnoozed.hidden, sleepLine.hidden].join();
  const nextText = alarmText(nextAlarm);
  nextLine.textContent = nextText;
  nextLine.hidden = !(settings.next_alarm && nextText);
  const snoozed = Boolean(nextAlarm && nextAlarm.alarm && nextAlarm.snoozed_until);
  dismissSnoozed.hidden = !snoozed;
  dismissSnoozed.dataset.alarmId = snoozed ? String(nextAlarm.alarm.id) : "";
  playingLine.textContent = playingText;
  playingLine.hidden = !(settings.now_playing && playingText);
  showSleep();
  if ([nextLine.hidden, playingLine.hidden, dismissSnoozed.hidden, sleepLine.hidden].join() !== before) relayout();
}

/// The sleep line goes with what plays: shown, counting down, while a timer runs and the now_playing key is on.
function showSleep() {
  if (stopCountdown) { stopCountdown(); stopCountdown = null; }
  sleepLine.hidden = !(settings.now_playing && sleep);
  if (sleepLine.hidden) return;
  const { timer, everything, ends } = sleep;
  const prefix = everything ? "Sleep timer: everything " : "Sleep timer: some sounds ";
  stopCountdown = everySecond(() => { sleepTimer.textContent = prefix + sleepText(timer, ends); });
}

function adoptPlayback(playback) {
  playingText = playbackText(playback);
  const shown = shownTimer(playback);
  sleep = shown ? { ...shown, ends: endOf(shown.timer) } : null;
  show();
}

/// Every sleep timer 15 minutes later; the playback event that follows moves the line. A refusal is said in the
/// face's error line.
async function extendSleepTimer() {
  sleepExtend.disabled = true;
  const reply = await extendSleep();
  sleepExtend.disabled = false;
  pageError.hidden = reply.ok;
  pageError.textContent = reply.ok ? "" : "The sleep timer could not be extended: " + reply.error.message;
}

/// Dismisses the snoozed alarm the line shows (the protocol's `dismiss` ends a snooze); the next_alarm event that
/// follows takes the button away. A refusal is said in the face's error line.
async function dismiss() {
  const id = Number(dismissSnoozed.dataset.alarmId);
  if (!id) return;
  dismissSnoozed.disabled = true;
  const reply = await command("dismiss", { id });
  dismissSnoozed.disabled = false;
  pageError.hidden = reply.ok;
  pageError.textContent = reply.ok ? "" : "The alarm could not be dismissed: " + reply.error.message;
}

export function startOverlays() {
  dismissSnoozed.addEventListener("click", dismiss);
  sleepExtend.addEventListener("click", extendSleepTimer);
  onSettings((next) => { settings = next; show(); });
  on("status", (status) => {
    nextAlarm = status.alarms && status.alarms.next;
    adoptPlayback(status);
  });
  on("next_alarm", (data) => { nextAlarm = data && data.alarm; show(); });
  on("playback", adoptPlayback);
}
