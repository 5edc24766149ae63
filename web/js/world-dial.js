// An analog dial as SVG built with DOM calls, the same drawing for the big face and each world clock. Each hand
// carries its angle as `data-angle` (degrees, 0 at 12, clockwise), so tests read exactly what is drawn.

import { handAngles } from "/js/world-wall.js";

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

// Lengths in the viewBox's units (radius 100); the tail past the centre balances the hand visually.
const HANDS = { hour: [52, 12], minute: [78, 14], second: [86, 20] };

/// A dial (`seconds`: with a second hand; `ticks`: with the 60 minute ticks). `set(t)` turns the hands to a wall
/// time; `label` is the element for a complication (null when `complication` is false).
export function makeDial({ seconds = true, ticks = true, complication = false, className = "" } = {}) {
  const root = svg("svg", { viewBox: "-100 -100 200 200", class: `dial ${className}`.trim(), "aria-hidden": "true", focusable: "false" });
  root.append(svg("circle", { class: "rim", r: 97 }));
  for (let i = 0; i < 60; i += 1) {
    const hour = i % 5 === 0;
    if (!hour && !ticks) continue;
    root.append(svg("line", {
      class: hour ? "mark hour" : "mark", x1: 0, x2: 0, y1: -91, y2: hour ? -78 : -86,
      transform: `rotate(${i * 6})`,
    }));
  }
  const label = complication ? svg("text", { class: "complication", x: 0, y: 46, "text-anchor": "middle", id: "complication" }) : null;
  if (label) root.append(label);
  const hands = {};
  for (const name of seconds ? ["hour", "minute", "second"] : ["hour", "minute"]) {
    const [length, tail] = HANDS[name];
    hands[name] = svg("line", { class: `hand ${name}`, x1: 0, y1: tail, x2: 0, y2: -length, "data-hand": name });
    root.append(hands[name]);
  }
  root.append(svg("circle", { class: "cap", r: seconds ? 4 : 6 }));

  const set = (t) => {
    const angles = handAngles(t);
    for (const [name, hand] of Object.entries(hands)) {
      const angle = angles[name];
      if (hand.dataset.angle === String(angle)) continue;
      hand.dataset.angle = String(angle);
      hand.setAttribute("transform", `rotate(${angle})`);
    }
  };
  return { root, set, label };
}
