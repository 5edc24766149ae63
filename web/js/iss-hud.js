// The ISS page's "look for it" view, as ISSDemo's HUD: the device's screen as a window 120° wide and 80° high
// around where it points (its heading from `deviceorientationabsolute`'s alpha, its pitch from beta: held
// upright, beta 90 is level), the station drawn at its azimuth and elevation (Orbits', from `/api/iss`) inside
// it, or an arrow at the edge toward it. Without a compass the view faces north and level.

const station = document.getElementById("hud-station");
const arrow = document.getElementById("hud-arrow");
const horizon = document.getElementById("hud-horizon");
const text = document.getElementById("hud-text");
const HALF_WIDTH = 60;
const HALF_HEIGHT = 40;
let heading = null;
let pitch = 0;
let seen = null;

function draw() {
  if (seen === null) return;
  // How far right and up of where the device points the station is, in degrees.
  const right = ((seen.azimuth - (heading ?? 0)) % 360 + 540) % 360 - 180;
  const up = seen.elevation - pitch;
  station.dataset.right = right.toFixed(1);
  station.dataset.up = up.toFixed(1);
  horizon.setAttribute("y1", String(pitch));
  horizon.setAttribute("y2", String(pitch));
  const inside = Math.abs(right) <= HALF_WIDTH && Math.abs(up) <= HALF_HEIGHT;
  if (inside) {
    station.setAttribute("transform", `translate(${right.toFixed(2)} ${(-up).toFixed(2)})`);
    station.removeAttribute("hidden");
    arrow.setAttribute("hidden", "");
  } else {
    // On the edge, toward it: the direction from the centre, scaled to touch the window's border.
    const scale = Math.min(HALF_WIDTH / Math.abs(right || 1e-9), HALF_HEIGHT / Math.abs(up || 1e-9)) * 0.9;
    const angle = Math.atan2(right, up) * 180 / Math.PI;
    arrow.setAttribute("transform", `translate(${(right * scale).toFixed(2)} ${(-up * scale).toFixed(2)}) rotate(${angle.toFixed(1)})`);
    arrow.removeAttribute("hidden");
    station.setAttribute("hidden", "");
  }
  const turn = Math.abs(right) < 5 ? "ahead" : `${Math.round(Math.abs(right))}° to the ${right > 0 ? "right" : "left"}`;
  const tilt = Math.abs(up) < 5 ? "" : `, ${Math.round(Math.abs(up))}° ${up > 0 ? "higher" : "lower"}`;
  text.textContent = (seen.elevation > 0 ? "" : "Below the horizon now: ") + turn + tilt
    + (heading === null ? " (facing north: no compass on this device)" : "");
}

/// The station as seen from the observer, from `/api/iss`'s `now`.
export function showInView(now) {
  seen = { azimuth: now.azimuth_deg, elevation: now.elevation_deg };
  draw();
}

window.addEventListener("deviceorientationabsolute", (event) => {
  if (event.alpha === null) return;
  heading = (360 - event.alpha) % 360;
  pitch = event.beta === null ? 0 : event.beta - 90;
  draw();
});
