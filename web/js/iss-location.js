// The ISS page's "use this device's location": the browser's geolocation (asked only on the button, as a browser
// shows its own prompt), then a confirm step in the page, then saved as config.toml's [location] (`/api/location`,
// as `noisectl location set` saves it), so the passes and the alarms are for where the person is.

import { saveLocation } from "/js/link.js";
import { confirmInline } from "/js/forms.js";

const button = document.getElementById("use-location");
const confirmHost = document.getElementById("location-confirm");
const error = document.getElementById("location-error");

/// `saved()` runs once the place is saved (the page asks for everything again).
export function wireLocation(saved) {
  if (!("geolocation" in navigator)) {
    button.disabled = true;
    error.textContent = "This browser gives no location (a page on a LAN address needs HTTPS for it).";
    return;
  }
  button.addEventListener("click", () => {
    error.textContent = "";
    navigator.geolocation.getCurrentPosition((position) => {
      const latitude = Math.round(position.coords.latitude * 1e4) / 1e4;
      const longitude = Math.round(position.coords.longitude * 1e4) / 1e4;
      confirmInline(confirmHost, `Save ${latitude}, ${longitude} as your location?`, "Save", async () => {
        const reply = await saveLocation({ latitude, longitude });
        if (!reply.ok) { error.textContent = reply.error.message; return; }
        saved();
      });
    }, (failure) => {
      error.textContent = `The location could not be read: ${failure.message || "refused"}.`;
    }, { enableHighAccuracy: false, timeout: 15000, maximumAge: 600000 });
  });
}
