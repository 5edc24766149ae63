// The Mars page's site library (`/api/mars/sites`, MarsTime's list): searched as you type, each site added to the
// cards with one button. Text that names no site may be a longitude; noiseweb decides, and says why not.

import { reading } from "/js/link.js";
import { el, replaceChildren } from "/js/dom.js";

const search = document.getElementById("site-search");
const list = document.getElementById("sites");
const addLongitude = document.getElementById("add-longitude");
const error = document.getElementById("library-error");

let sites = [];

/// Loads the library once; `add(text)` puts a place on the cards and resolves to an error message or null;
/// `full()` says whether the cards are at their limit.
export async function loadLibrary(add, full) {
  const reply = await reading("/api/mars/sites");
  if (!reply.ok) {
    error.textContent = reply.error.message;
    return;
  }
  sites = reply.data;
  const tryAdd = async (text) => {
    error.textContent = (await add(text)) || "";
  };
  const show = () => {
    const words = search.value.trim().toLowerCase();
    const matches = sites.filter((site) => !words || [site.id, site.name, site.place].some((text) => text.toLowerCase().includes(words)));
    replaceChildren(list, matches.map((site) => el("li", { attrs: { "data-site": site.id } },
      el("span", { textContent: `${site.name} · ${site.lon_east_deg}° E, ${site.lat_deg}° N` }),
      el("button", {
        type: "button", textContent: "Add", disabled: full(), attrs: { "data-focus-key": `add-${site.id}`, "aria-label": `Add ${site.name}` },
        on: { click: () => tryAdd(site.id) },
      }),
      el("span", { className: "source dim", textContent: site.source }))));
    addLongitude.hidden = !words || matches.length > 0;
    addLongitude.disabled = full();
  };
  search.addEventListener("input", show);
  addLongitude.addEventListener("click", () => tryAdd(search.value.trim()));
  show();
  return show;
}
