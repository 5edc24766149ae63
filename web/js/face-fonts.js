// The face's fonts: families Debian packages ship (nothing is fetched: a family shows only when installed here),
// and `clock.design` as CSS generic families, for `clock.font` "" (the design's system font).

const DEBIAN_FAMILIES = [
  "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Liberation Sans", "Liberation Mono", "Liberation Serif",
  "Noto Sans", "Noto Sans Mono", "Noto Serif", "Cantarell", "Ubuntu", "Ubuntu Mono", "Fira Sans", "Fira Mono",
  "Source Code Pro", "Source Sans Pro", "Open Sans", "Roboto", "Lato", "Inconsolata", "Hack", "Comfortaa",
  "Quicksand", "Nunito",
];

// Rounded families from Debian's font packages, tried after ui-rounded (which only Apple's systems have).
const ROUNDED = ['"Comfortaa"', '"Quicksand"', '"Nunito"'];

const DESIGNS = {
  default: ["system-ui", '"DejaVu Sans"', "sans-serif"],
  rounded: ["ui-rounded", ...ROUNDED, "system-ui", "sans-serif"],
  monospaced: ["ui-monospace", '"DejaVu Sans Mono"', "monospace"],
  serif: ["ui-serif", '"DejaVu Serif"', "serif"],
};

/// The CSS font-family for the settings' `font` and `design`.
export function fontStack(font, design) {
  const generic = DESIGNS[design] || DESIGNS.default;
  return (font ? [`"${font.replace(/["\\]/g, "")}"`, ...generic] : generic).join(", ");
}

// Chromium's document.fonts.check() answers true for any family it has no @font-face for, installed or not, so a
// family also has to change a test string's width against two fallbacks to count as installed.
function installed(family, context) {
  if (!document.fonts.check(`12px "${family}"`)) return false;
  const sample = "0123456789:AMPM";
  return ["monospace", "serif"].some((fallback) => {
    context.font = `40px ${fallback}`;
    const plain = context.measureText(sample).width;
    context.font = `40px "${family}", ${fallback}`;
    return context.measureText(sample).width !== plain;
  });
}

let cached = null;

/// The Debian families installed here, measured once.
export function installedFamilies() {
  if (!cached) {
    const context = document.createElement("canvas").getContext("2d");
    cached = DEBIAN_FAMILIES.filter((family) => installed(family, context));
  }
  return cached;
}
