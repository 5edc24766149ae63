// The ISS page's compass: a needle toward the station's azimuth (Orbits', from `/api/iss`), the rose turned by the
// device's own heading when it has a compass (`deviceorientationabsolute`: alpha counts anticlockwise from north),
// else north up. Only drawing here: the azimuth and elevation are noiseweb's.

const rose = document.getElementById("rose");
const needle = document.getElementById("needle");
const text = document.getElementById("compass-text");
let heading = null;
let azimuth = null;
let elevation = null;

function draw() {
  if (azimuth === null) return;
  const turn = heading === null ? 0 : -heading;
  rose.setAttribute("transform", `rotate(${turn.toFixed(1)})`);
  needle.setAttribute("transform", `rotate(${(azimuth + turn).toFixed(1)})`);
  needle.dataset.angle = String(Math.round(((azimuth + turn) % 360 + 360) % 360 * 10) / 10);
  text.textContent = `Azimuth ${azimuth.toFixed(1)}°, elevation ${elevation.toFixed(1)}°`
    + (elevation > 0 ? " (above the horizon)" : " (below the horizon)")
    + (heading === null ? "; north is up (no compass on this device)" : `; facing ${Math.round(heading)}°`);
}

/// The station as seen from the observer, from `/api/iss`'s `now`.
export function pointAt(now) {
  azimuth = now.azimuth_deg;
  elevation = now.elevation_deg;
  draw();
}

window.addEventListener("deviceorientationabsolute", (event) => {
  if (event.alpha === null) return;
  heading = (360 - event.alpha) % 360;
  draw();
});
