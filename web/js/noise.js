// The mixer page (docs/web.md, "The noise page"): what it shows is always the daemon's playback, as the status
// and `playback` events give it; the controls send commands and wait for the event like any other client.

import { on, start } from "/js/link.js";
import { showLinkBanner } from "/js/dom.js";
import { loadCatalog, showCatalogPlayback } from "/js/noise-catalog.js";
import { showTransport } from "/js/noise-transport.js";
import { showSleepTimer } from "/js/noise-sleep.js";
import { loadMixes, showMixes } from "/js/noise-mixes.js";
import { hoursKnown } from "/js/hours.js";
import "/js/ringing.js";
import "/js/dawn.js";

function showPlayback(playback) {
  showCatalogPlayback(playback);
  showTransport(playback);
  showSleepTimer(playback);
}

showLinkBanner();
on("status", (status) => {
  showPlayback(status);
  // Connecting (or noised coming back) fetches the lists; after that the `catalog` and `mixes` events keep them.
  // `data-loaded` tells a test (or a person's script) the page shows the daemon's state.
  Promise.all([loadCatalog(), loadMixes()]).then(() => { document.body.dataset.loaded = ""; });
});
on("playback", showPlayback);
on("catalog", loadCatalog);
on("mixes", showMixes);
hoursKnown.then(start);
