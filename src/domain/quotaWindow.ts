/**
 * Google's daily quotas as windows: "Quotas are per user and reset 24 hours after the first
 * request" (https://developers.google.com/apps-script/guides/services/quotas). Each metered
 * quota has its own window, opened by its first use once the last one closed. A count kept with
 * the time its window opened is planned with the window Google uses: a first fetch at 15:00
 * still counts the next morning, where a calendar day would have started afresh at midnight and
 * spent what Google no longer allows.
 */
export type Meter = 'fetches' | 'properties' | 'triggerMs';
export type Counts = Record<Meter, number>;
/** When each meter's window opened (ms); a meter not counted yet has none. */
export type Opened = Partial<Record<Meter, number>>;

export const METERS: readonly Meter[] = ['fetches', 'properties', 'triggerMs'];
export const QUOTA_WINDOW_MS = 24 * 3600 * 1000;

export const noCounts = (): Counts => ({ fetches: 0, properties: 0, triggerMs: 0 });

export interface Tally {
  counts: Counts;
  opened: Opened;
}

export const emptyTally = (): Tally => ({ counts: noCounts(), opened: {} });

const isOpen = (opened: number | undefined, now: number): opened is number =>
  opened !== undefined && now - opened < QUOTA_WINDOW_MS;

/** What still counts at `now`: each meter's count in its open window; a closed one counts 0. */
export function live(t: Tally, now: number): Tally {
  const out = emptyTally();
  for (const m of METERS)
    if (isOpen(t.opened[m], now)) {
      out.counts[m] = t.counts[m];
      out.opened[m] = t.opened[m];
    }
  return out;
}

/** Two tallies gathered apart (slots of the cache, an execution's own): summed, earliest opening. */
export function merge(a: Tally, b: Tally): Tally {
  const out = emptyTally();
  for (const m of METERS) {
    out.counts[m] = a.counts[m] + b.counts[m];
    const opened = [a.opened[m], b.opened[m]].filter((x): x is number => x !== undefined);
    if (opened.length) out.opened[m] = Math.min(...opened);
  }
  return out;
}

/**
 * `kept` (the record, its windows as they stand) with `added` counted in: a meter whose window
 * closed starts a new one when its added counts were first made (or `now`, not known). Counts
 * made before a window closed and folded after it are counted in the new one: a window planned
 * fuller than Google's, never emptier.
 */
export function fold(kept: Tally, added: Tally, now: number): Tally {
  const out = live(kept, now);
  for (const m of METERS) {
    if (added.counts[m] === 0) continue;
    out.counts[m] += added.counts[m];
    out.opened[m] ??= Math.min(now, added.opened[m] ?? now);
  }
  return out;
}

/** When a meter's open window closes, or null when none is open. */
export const windowCloses = (t: Tally, meter: Meter, now: number): number | null => {
  const opened = t.opened[meter];
  return isOpen(opened, now) ? opened + QUOTA_WINDOW_MS : null;
};
