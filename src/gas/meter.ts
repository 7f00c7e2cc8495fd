/**
 * Today's use of what Apps Script meters per user and day: URL fetches, property reads and
 * writes, and trigger run time (https://developers.google.com/apps-script/guides/services/quotas).
 *
 * Up to 30 of a user's executions run at once (per-row formulas do), so the counts are changed
 * under the user's lock: a read-add-write by two at once would lose one of them. They gather in
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
const cache = () => CacheService.getUserCache();

function pending(): Counts {
  return counts(parseCounts(cache()?.get(pendingKey()) ?? null));
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
  const locked = lock.tryLock(METER_LOCK_WAIT_MS);
  try {
    const before = stored(userProperty(COUNTER));
    // The read just made counts too, when it was this execution's first.
    unsent.properties += takePropertyCalls();
    const total = add(pending(), unsent);
    unsent = none();
    const due = fold || (mayWriteWhatCanWait() && Date.now() - (before.at ?? 0) >= FOLD_MS);
    if (!mayWriteProperties() || !due || isZero(total)) {
      if (!isZero(total)) cache()?.put(pendingKey(), JSON.stringify(total), CACHE_SECONDS);
      return;
    }
    // Read afresh under the lock: another execution may have folded since this one's snapshot.
    const folded = add(stored(freshUserProperty(COUNTER)), total);
    // The two property calls of the fold itself (this read and the write below).
    folded.properties += 2;
    setUserProperties({ [COUNTER]: JSON.stringify({ day: today(), ...folded, at: Date.now() }) });
    cache()?.remove(pendingKey());
    takePropertyCalls();
  } finally {
    if (locked) lock.releaseLock();
  }
}
