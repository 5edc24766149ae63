// The grid of weeks on the life page, drawn as the poster draws it (LifePoster): 52 columns, a row a year, the
// lived weeks filled, this week red, the weeks to come outlined, the years ruled every 5 (every 10 for a life of
// more than 100 years). SVG built with DOM calls, its viewBox scaled to the panel, so it fits a phone's width.
// The counts are the daemon's (`weeks_lived`, `total_weeks`); the page only places the cells.

const SVG = "http://www.w3.org/2000/svg";
const PITCH = 10;
const CELL = 8;
const LEFT = 40;
const RIGHT = 14;
const TOP = 18;
const FONT = 14;
const WEEK_LABELS = [1, 10, 20, 30, 40, 52];

const host = document.getElementById("grid");
let drawn = "";

function node(tag, attrs, text) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) made.setAttribute(name, String(value));
  if (text !== undefined) made.textContent = text;
  return made;
}

function kindOf(index, lived) {
  if (index < lived) return "lived";
  return index === lived ? "now" : "future";
}

/// Draws the grid for `figures` (life_show's) and `years`; a redraw happens only when the counts change.
export function drawGrid(figures, years) {
  const total = figures.total_weeks;
  const lived = figures.weeks_lived;
  const key = `${total}:${lived}:${years}`;
  if (key === drawn) return;
  drawn = key;

  const rows = Math.ceil(total / 52);
  const width = LEFT + 52 * PITCH + RIGHT;
  const height = TOP + rows * PITCH;
  const now = lived < total ? `; this week is week ${(lived + 1).toLocaleString("en-US")}` : "";
  const svg = node("svg", {
    viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "xMidYMin meet", role: "img",
    "aria-label": `A life in weeks: ${lived.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} weeks lived${now}`,
  });

  const labels = node("g", { class: "labels", "font-size": FONT });
  for (const week of WEEK_LABELS) {
    labels.append(node("text", { x: LEFT + (week - 1) * PITCH + CELL / 2, y: TOP - 6, "text-anchor": "middle" }, String(week)));
  }
  const every = years > 100 ? 10 : 5;
  for (let year = 0; year < rows; year += every) {
    labels.append(node("text", { x: LEFT - 6, y: TOP + year * PITCH + CELL + 1, "text-anchor": "end" }, String(year)));
  }

  // A fragment, so the thousands of cells reach the document in one insertion.
  const cells = node("g", { class: "cells" });
  const fragment = document.createDocumentFragment();
  for (let index = 0; index < total; index += 1) {
    fragment.append(node("rect", {
      class: kindOf(index, lived), x: LEFT + (index % 52) * PITCH, y: TOP + Math.floor(index / 52) * PITCH,
      width: CELL, height: CELL,
    }));
  }
  cells.append(fragment);
  svg.append(labels, cells);
  host.replaceChildren(svg);
}
