// Building the pages' DOM from daemon data without innerHTML (labels and names are the user's own text), and the
// link banner every page shows. Shared by the noise and alarms pages.

import { onLink } from "/js/link.js";

/// An element: `props` are set as properties (className, textContent, type, ...), except `attrs` (set as
/// attributes: aria-*, data-*, role) and `on` ({event: handler}); `children` are nodes or strings.
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  const { attrs, on, ...rest } = props;
  Object.assign(node, rest);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const [event, handler] of Object.entries(on || {})) node.addEventListener(event, handler);
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/// Replaces a container's children, giving focus back to the control that had it (matched by `data-focus-key`),
/// so a list rebuilt from an event does not throw a keyboard user back to the top of the page.
export function replaceChildren(container, children) {
  const focused = document.activeElement;
  const key = focused && container.contains(focused) ? focused.dataset.focusKey : undefined;
  container.replaceChildren(...children);
  if (key) {
    const again = container.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

/// Shows the link's state in the page's `p.banner` while noiseweb or noised is down.
export function showLinkBanner() {
  const banner = document.querySelector("p.banner");
  onLink(({ up, message }) => {
    banner.textContent = up ? "" : message;
    banner.hidden = up;
  });
}

/// A list whose rows are kept while their data is unchanged: `show(items, keyOf, render)` builds a row only for
/// an item that is new or differs, and touches the DOM only when the rows differ, so an event that changes one
/// alarm does not pull every other row (and an open confirm step, or a button being pressed) from under the person.
export function keyedList(container) {
  let kept = new Map();
  return (items, keyOf, render) => {
    const next = new Map();
    const nodes = items.map((item) => {
      const key = keyOf(item);
      const json = JSON.stringify(item);
      const old = kept.get(key);
      const node = old && old.json === json ? old.node : render(item);
      next.set(key, { json, node });
      return node;
    });
    kept = next;
    const same = nodes.length === container.children.length && nodes.every((node, i) => container.children[i] === node);
    if (!same) replaceChildren(container, nodes);
  };
}
