// The [clock] colours as CSS: the terminal colour names noisectl clock accepts (docs/configuration.md), the three
// themes' own colours behind "default", and the random colour of `random_color`.

/// The names `clock.color` and `clock.background` accept, in the order the settings list them.
export const COLOR_NAMES = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray",
  "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white"];

// A terminal's usual 16-colour palette (close to VS Code's and GNOME Terminal's), so a name looks in the browser
// as it does in noisectl clock.
const NAMED = {
  black: "#000000", red: "#cd3131", green: "#0dbc79", yellow: "#e5e510", blue: "#2472c8", magenta: "#bc3fbc",
  cyan: "#11a8cd", white: "#e5e5e5", gray: "#808080", grey: "#808080",
  "bright-black": "#666666", "bright-red": "#f14c4c", "bright-green": "#23d18b", "bright-yellow": "#f5f543",
  "bright-blue": "#3b8eea", "bright-magenta": "#d670d6", "bright-cyan": "#29b8db", "bright-white": "#ffffff",
};

const THEMES = {
  terminal: { color: "#d0d0d0", background: "#000000" },
  night: { color: "#8a0f0f", background: "#000000" },
  day: { color: "#1a1a1a", background: "#f2f0e8" },
};

/// A setting's colour as #rrggbb: "default" is the theme's, a name the palette's, "#rrggbb" itself.
export function cssColor(value, theme, which) {
  const own = (THEMES[theme] || THEMES.terminal)[which];
  if (!value || value === "default") return own;
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  return NAMED[value.toLowerCase()] || own;
}

/// A new bright colour (full saturation, middle lightness), different in hue from the last one by at least 60°.
let lastHue = null;
export function randomBrightColor() {
  let hue;
  do { hue = Math.floor(Math.random() * 360); } while (lastHue !== null && hueDistance(hue, lastHue) < 60);
  lastHue = hue;
  return `hsl(${hue} 100% 60%)`;
}

function hueDistance(a, b) {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}
