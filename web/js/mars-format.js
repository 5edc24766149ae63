// How the Mars page writes the values `/api/mars` gives (docs/mars.md's keys): only formatting here; every value
// is MarsTime's, computed in noiseweb as `noisectl mars --json` computes it.

/// "07:04:31": hours as a clock reads them, whole seconds cut (as the terminal panel shows them).
export function clockText(hours) {
  const seconds = Math.floor(hours * 3600) % 86400;
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/// The rows of one site's card, as [label, text, key] (the key names the row for tests and styles).
export function readingRows(reading) {
  const rows = [
    ["Sol", String(reading.sol), "sol"],
    ["LMST", clockText(reading.lmst_hours), "lmst"],
    ["LTST", clockText(reading.ltst_hours), "ltst"],
    ["MTC", clockText(reading.mtc_hours), "mtc"],
    ["Ls", `${reading.ls_deg.toFixed(3)}°`, "ls"],
    ["Season", `northern ${reading.season}`, "season"],
    ["Mars Year", String(reading.mars_year), "year"],
  ];
  if (reading.mission_sol !== undefined && reading.mission_sol !== null) rows.splice(1, 0, ["Mission sol", String(reading.mission_sol), "mission"]);
  return rows;
}
