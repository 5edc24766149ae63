// The service worker (docs/web.md, "On the home screen, and offline"): the app's own files network first, each
// good answer kept in a cache, so a page still opens when noiseweb cannot be reached and can say so. Only the
// files are kept, which are the same for everyone: the daemon's state comes over /api and /ws, never kept, so a
// page from the cache shows nothing stale as if it were live. Registered by web/js/link.js.

// What is kept and how; a new name here makes activate drop the caches of older versions.
const CACHE = "noiseclock-files-v1";
const OURS = "noiseclock-";

// Never answered from the cache nor kept: live state (/api, /ws, and the night screen's style sheet, which changes
// with the time of day), the session's doors (/login, /pair) and the LAN's certificate (/ca.crt). The worker leaves
// them to the browser, as if it were not there.
const NEVER = ["/api", "/ws", "/css/night.css", "/login", "/pair", "/ca.crt"];

function handled(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  return !NEVER.some((path) => url.pathname === path || url.pathname.startsWith(path + "/"));
}

// Only a whole, plain answer is worth keeping: not a 304 or an error page (a 401 after noiseweb restarted must
// not stand in for the page later), not a redirect (a navigation must not be answered with one).
function keepable(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

async function fromNetwork(request) {
  const response = await fetch(request);
  if (keepable(response)) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkFirst(request) {
  try {
    return await fromNetwork(request);
  } catch (error) {
    // noiseweb is down or the machine is offline: the copy from the last time, if there is one.
    const kept = await (await caches.open(CACHE)).match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  if (handled(event.request)) event.respondWith(networkFirst(event.request));
});

// A page loaded before its worker ran fetched its files past it; it sends their addresses once (link.js) and they
// are kept now, mostly from the browser's HTTP cache, so even a first visit opens offline. No list to maintain.
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of urls.slice(0, 100)) {
      const request = new Request(url);
      if (!handled(request) || await cache.match(request)) continue;
      await fromNetwork(request).catch(() => {});
    }
  })());
});

// A new version takes over at once: with the network always asked first, old and new pages differ in nothing kept.
self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(OURS) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});
