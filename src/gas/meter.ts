/**
 * Today's use of what Apps Script meters per user and day: URL fetches, property reads and
 * writes, and trigger run time (https://developers.google.com/apps-script/guides/services/quotas).
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
import { quotaDay } from './clock';
import { takePropertyCalls } from './propertyCalls';
import {
  freshUserProperty,
  mayWriteProperties,
  mayWriteWhatCanWait,
  setUserProperties,
  userProperty,
} from './userStore';

export type Meter = 'fetches' | 'properties' | 'triggerMs';
export type Counts = Record<Meter, number>;

const METERS: readonly Meter[] = ['fetches', 'properties', 'triggerMs'];
const none = (): Counts => ({ fetches: 0, properties: 0, triggerMs: 0 });

const COUNTER = 'vis.usage';
const PENDING = 'vis.usage.pending';
const CACHE_SECONDS = 21600;
const FOLD_MS = 10 * 60000;

interface Stored extends Counts {
  day: string;
  /** When the cache's counts were last folded in (ms). */
  at?: number;
}

const today = quotaDay;

function parseCounts(text: string | null): Partial<Stored> | null {
  try {
    const parsed: unknown = JSON.parse(text ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Stored>) : null;
  } catch {
    return null; // A damaged record starts the day again.
  }
}

function counts(from: Partial<Counts> | null): Counts {
  const c = none();
  for (const m of METERS) c[m] = Number.isFinite(from?.[m]) ? Number(from?.[m]) : 0;
  return c;
}

function stored(text: string | null): Stored {
  const s = parseCounts(text);
  if (s?.day !== today()) return { day: today(), ...none() };
  return { day: s.day, ...counts(s), ...(s.at ? { at: s.at } : {}) };
}

const pendingKey = () => `${PENDING}.${today()}`;
/**
 * Where an execution refused the lock puts its counts (another held it past the wait): one of a
 * few side slots, picked at random, that the holder's write does not overwrite and the next fold
 * takes in. Two refused at once lose a count only if they pick the same slot.
 */
const SIDE_SLOTS = 16;
const sideKeys = () => Array.from({ length: SIDE_SLOTS }, (_, i) => `${pendingKey()}.${i}`);
const cache = () => CacheService.getUserCache();

/** The cache's counts not yet folded: the main slot and the side slots, in one read. */
function pendingSlots(): { main: Counts; sides: Counts } {
  const found = cache()?.getAll([pendingKey(), ...sideKeys()]) ?? {};
  const main = counts(parseCounts(found[pendingKey()] ?? null));
  const sides = sideKeys().reduce(
    (sum, key) => add(sum, counts(parseCounts(found[key] ?? null))),
    none(),
  );
  return { main, sides };
}

function pending(): Counts {
  const { main, sides } = pendingSlots();
  return add(main, sides);
}

/** Without the lock: this execution's counts added to a side slot, never the main one. */
function putAside(c: Counts): void {
  const key = sideKeys()[Math.floor(Math.random() * SIDE_SLOTS)]!;
  const there = counts(parseCounts(cache()?.get(key) ?? null));
  cache()?.put(key, JSON.stringify(add(there, c)), CACHE_SECONDS);
}

const add = (a: Counts, b: Counts): Counts => {
  const c = none();
  for (const m of METERS) c[m] = a[m] + b[m];
  return c;
};
const isZero = (c: Counts) => METERS.every((m) => c[m] === 0);

/** Counted by this execution and not yet in the cache. */
let unsent = none();

export function count(meter: Meter, n: number): void {
  unsent[meter] += n;
}

/** Today's use: the folded counts, the cache's, and this execution's. */
export function usedToday(): Counts {
  unsent.properties += takePropertyCalls();
  return add(add(stored(userProperty(COUNTER)), pending()), unsent);
}

/**
 * Puts this execution's counts in the cache, and folds the cache into the property when it is
 * due (or `fold`: the meter, the self-check, the end of a trigger firing).
 */
export function flushMeters(fold = false): void {
  unsent.properties += takePropertyCalls();
  if (isZero(unsent) && !fold) return;
  const lock = LockService.getUserLock();
  if (!lock.tryLock(METER_LOCK_WAIT_MS)) {
    putAside(unsent);
    unsent = none();
    return;
  }
  try {
    const before = stored(userProperty(COUNTER));
    // The read just made counts too, when it was this execution's first.
    unsent.properties += takePropertyCalls();
    const { main, sides } = pendingSlots();
    const mine = add(main, unsent);
    const total = add(mine, sides);
    unsent = none();
    const due = fold || (mayWriteWhatCanWait() && Date.now() - (before.at ?? 0) >= FOLD_MS);
    if (!mayWriteProperties() || !due || isZero(total)) {
      // Only the main slot is written under the lock; the side slots wait for the fold.
      if (!isZero(mine)) cache()?.put(pendingKey(), JSON.stringify(mine), CACHE_SECONDS);
      return;
    }
    // Read afresh under the lock: another execution may have folded since this one's snapshot.
    const folded = add(stored(freshUserProperty(COUNTER)), total);
    // The two property calls of the fold itself (this read and the write below).
    folded.properties += 2;
    setUserProperties({ [COUNTER]: JSON.stringify({ day: today(), ...folded, at: Date.now() }) });
    cache()?.removeAll([pendingKey(), ...sideKeys()]);
    takePropertyCalls();
  } finally {
    lock.releaseLock();
  }
}
