// When the station cannot be shown (no orbit data, data too old for now, no place to see it from): what to do, in
// one line, and asking again with a growing interval rather than every second, since nothing changes by itself
// within a second: an import, a download or a new place does, and the page asks again at once after those.

/// The first wait after a refusal and the longest, in seconds; each refusal doubles the wait.
const FIRST_WAIT_S = 4;
const LONGEST_WAIT_S = 300;

const IMPORT = "import fresh data with noisectl iss elements import FILE (a TLE file such as CelesTrak's stations.txt)";

/// noiseweb's refusal of `/api/iss` in one line saying what to do; `satellite` is the catalog number asked for.
export function refusalLine(error, satellite) {
  const whose = satellite === 25544 ? "The ISS's" : `Satellite ${satellite}'s`;
  if (error.code === "no_elements") {
    const old = /the elements are ([\d.]+) days old/.exec(error.message);
    if (old) return `${whose} orbit data is ${Math.round(Number(old[1]))} days old: ${IMPORT}.`;
    if (/^no orbital elements yet/.test(error.message)) return `There is no orbit data yet: ${IMPORT}.`;
  }
  return error.message;
}

/// When to ask again: `due()` is false while a refusal's wait lasts; `refused()` starts the next, longer wait
/// (and answers it, in seconds), `answered()` and `now()` (something changed) end it.
export function waiter() {
  let wait = 0;
  let until = 0;
  return {
    due: () => Date.now() >= until,
    refused() {
      wait = wait ? Math.min(wait * 2, LONGEST_WAIT_S) : FIRST_WAIT_S;
      until = Date.now() + wait * 1000;
      return wait;
    },
    answered() { wait = 0; until = 0; },
    now() { until = 0; },
  };
}
