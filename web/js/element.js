// Building DOM from the pages' modules (no inline markup strings, so nothing a daemon's text holds is ever parsed
// as HTML).

/// A new `tag` element with `props` assigned (textContent, className, type...) and `children` appended.
export function element(tag, props = {}, children = []) {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}
