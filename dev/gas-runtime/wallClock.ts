/**
 * A moment as a zone's wall clock shows it (year, month, day, hour, minute, second, weekday), for
 * Utilities.formatDate and for a cell's date pattern alike. One formatter per zone: making one
 * per call would make a 5,000-row display read slow.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function wallParts(date: Date, timeZone: string): Record<string, string> {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}
