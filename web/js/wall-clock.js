// An instant from the daemon ({unix, offset_seconds, local}) as the daemon's wall clock shows it: computed from
// unix and the offset (docs/protocol.md: clients parse no text), so the browser's own zone does not matter.

/// `instant` formatted with Intl `options` (hour, minute, weekday...) at the daemon's offset.
export function wallClock(instant, options) {
  const shifted = new Date((instant.unix + (instant.offset_seconds || 0)) * 1000);
  return new Intl.DateTimeFormat([], { ...options, timeZone: "UTC" }).format(shifted);
}
