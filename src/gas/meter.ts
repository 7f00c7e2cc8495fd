/**
 * The use of what Apps Script meters per user in a window of 24 hours from the first request
 * (domain/quotaWindow.ts): URL fetches, property reads and writes, and trigger run time
 * (https://developers.google.com/apps-script/guides/services/quotas).
 *
 * Up to 30 of a user's executions run at once (per-row formulas do), so the counts are changed
 * under the user's lock: a read-add-write by two at once would lose one of them (an execution
 * refused the lock puts its counts in a side slot instead). They gather in
 * the user's cache and are folded into a property (which never expires) at most every FOLD_MS by
 * an execution that may write and is not a sidebar poll, since each write is itself metered; trigger time is folded at the
 * end of each firing, so the day's budget never rests on the cache alone. What an eviction can
 * lose is at most those minutes' fetches and property calls, well inside the reserves.
 */
import { METER_LOCK_WAIT_MS } from '../limits';
import {
  emptyTally,
  fold,
  live,
  merge,
  METERS,
  noCounts,
  windowCloses,
  type Counts,
  type Meter,
  type Opened,
  type Tally,
} from '../domain/quotaWindow';
import { appsScriptClock } from './clock';
import { takePropertyCalls } from './propertyCalls';
import {
  freshUserProperty,
  mayWriteProperties,
  mayWriteWhatCanWait,
  setUserProperties,
  userProperty,
} from './userStore';

export type { Counts, Meter };

const COUNTER = 'vis.usage';
const PENDING = 'vis.usage.pending';
const CACHE_SECONDS = 21600;
const FOLD_MS = 10 * 60000;

const now = () => appsScriptClock.now();

/** A stored tally: the property's (with when the cache was last folded in) or a cache slot's. */
function parseTally(text: string | null): Tally & { at?: number } {
  let v: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text ?? 'null');
    if (parsed && typeof parsed === 'object') v = parsed as Record<string, unknown>;
  } catch {
    // A damaged record starts a new window.
  }
  const t = emptyTally();
  if (!v) return t;
  for (const m of METERS) t.counts[m] = Number.isFinite(v[m]) ? Number(v[m]) : 0;
  // Versions before windows kept a UTC day: its counts are taken as opened at its midnight.
  const legacy = typeof v.day === 'string' ? Date.parse(`${v.day}T00:00:00Z`) : NaN;
  const opened = (v.opened ?? {}) as Opened;
  for (const m of METERS) {
    const at = Number.isFinite(legacy) ? legacy : Number(opened[m]);
    if (Number.isFinite(at)) t.opened[m] = at;
  }
  return typeof v.at === 'number' ? { ...t, at: v.at } : t;
}

const tallyText = (t: Tally, at?: number): string =>
  JSON.stringify({ ...t.counts, opened: t.opened, ...(at ? { at } : {}) });

/**
 * Where an execution refused the lock puts its counts (another held it past the wait): one of a
 * few side slots, picked at random, that the holder's write does not overwrite and the next fold
 * takes in. Two refused at once lose a count only if they pick the same slot.
 */
const SIDE_SLOTS = 16;
const sideKeys = () => Array.from({ length: SIDE_SLOTS }, (_, i) => `${PENDING}.${i}`);
const cache = () => CacheService.getUserCache();

/** The cache's counts not yet folded: the main slot and the side slots, in one read. */
function pendingSlots(): { main: Tally; sides: Tally } {
  const found = cache()?.getAll([PENDING, ...sideKeys()]) ?? {};
  const main = parseTally(found[PENDING] ?? null);
  const sides = sideKeys().reduce(
    (sum, key) => merge(sum, parseTally(found[key] ?? null)),
    emptyTally(),
  );
  return { main, sides };
}

function pending(): Tally {
  const { main, sides } = pendingSlots();
  return merge(main, sides);
}

/** Without the lock: this execution's counts added to a side slot, never the main one. */
function putAside(t: Tally): void {
  const key = sideKeys()[Math.floor(Math.random() * SIDE_SLOTS)]!;
  const there = parseTally(cache()?.get(key) ?? null);
  cache()?.put(key, tallyText(merge(there, t)), CACHE_SECONDS);
}

const isZero = (c: Counts) => METERS.every((m) => c[m] === 0);

/** Counted by this execution and not yet in the cache, with when each meter was first counted. */
let unsent = emptyTally();

export function count(meter: Meter, n: number): void {
  if (n === 0) return;
  unsent.counts[meter] += n;
  unsent.opened[meter] ??= now();
}

/** The property calls this execution made since it last asked. */
function countPropertyCalls(): void {
  count('properties', takePropertyCalls());
}

/** The open windows' use: the folded counts, the cache's, and this execution's. */
function usedTally(): Tally {
  countPropertyCalls();
  return merge(merge(live(parseTally(userProperty(COUNTER)), now()), pending()), unsent);
}

export function usedToday(): Counts {
  return usedTally().counts;
}

/** When the open window of `meter` closes (Google gives its quota back then), or null. */
export const meterWindowCloses = (meter: Meter): number | null =>
  windowCloses(usedTally(), meter, now());

/**
 * Puts this execution's counts in the cache, and folds the cache into the property when it is
 * due (or `fold`: the meter, the self-check, the end of a trigger firing).
 */
export function flushMeters(foldNow = false): void {
  countPropertyCalls();
  if (isZero(unsent.counts) && !foldNow) return;
  const lock = LockService.getUserLock();
  if (!lock.tryLock(METER_LOCK_WAIT_MS)) {
    putAside(unsent);
    unsent = emptyTally();
    return;
  }
  try {
    const before = parseTally(userProperty(COUNTER));
    // The read just made counts too, when it was this execution's first.
    countPropertyCalls();
    const { main, sides } = pendingSlots();
    const mine = merge(main, unsent);
    const total = merge(mine, sides);
    unsent = emptyTally();
    const due = foldNow || (mayWriteWhatCanWait() && now() - (before.at ?? 0) >= FOLD_MS);
    if (!mayWriteProperties() || !due || isZero(total.counts)) {
      // Only the main slot is written under the lock; the side slots wait for the fold.
      if (!isZero(mine.counts)) cache()?.put(PENDING, tallyText(mine), CACHE_SECONDS);
      return;
    }
    // Read afresh under the lock: another execution may have folded since this one's snapshot.
    // The two property calls of the fold itself (this read and the write below) count too.
    const fresh = parseTally(freshUserProperty(COUNTER));
    const folded = fold(
      fresh,
      merge(total, { counts: { ...noCounts(), properties: 2 }, opened: {} }),
      now(),
    );
    setUserProperties({ [COUNTER]: tallyText(folded, now()) });
    cache()?.removeAll([PENDING, ...sideKeys()]);
    takePropertyCalls();
  } finally {
    lock.releaseLock();
  }
}
