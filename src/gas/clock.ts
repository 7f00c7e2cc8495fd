import type { Clock } from '../api/batch';
import type { OffsetAt } from '../domain/schedules';

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

const QUARTER_HOUR = 15 * 60000;

/**
 * A time zone's UTC offset at any instant, from Apps Script's own calendar (formatDate's `Z`,
 * like +0100), asked once per quarter hour of UTC: clocks change on those boundaries.
 */
export function zoneOffsets(timeZone: string): OffsetAt {
  const memo = new Map<number, number>();
  return (instant) => {
    const bucket = Math.floor(instant / QUARTER_HOUR);
    let offset = memo.get(bucket);
    if (offset === undefined) {
      const z = Utilities.formatDate(new Date(bucket * QUARTER_HOUR), timeZone, 'Z');
      const minutes = Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5));
      offset = (z.startsWith('-') ? -1 : 1) * minutes * 60000;
      memo.set(bucket, offset);
    }
    return offset;
  };
}

/** A day on a time zone's calendar, as yyyy-mm-dd (the way the add-on writes dates in words). */
export const dayIn =
  (timeZone: string) =>
  (time: number): string =>
    Utilities.formatDate(new Date(time), timeZone, 'yyyy-MM-dd');
