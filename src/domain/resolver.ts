/**
 * Resolves many distinct keys against the service for a custom function: one cache read for all,
 * the misses sent together (api/batch), the answers cached, and a circuit breaker kept in the
 * cache so a broken service does not burn the daily URL-fetch quota on every recalculation.
 */
import { sendAll, type Clock, type Trip } from '../api/batch';
import { serviceError, type Result, type ServiceError } from '../api/errors';
import type { HttpRequest, HttpResponse, Transport } from '../api/http';
import { cacheKey, type KeyValueCache } from './cache';

export type Outcome<T> =
  | { kind: 'value'; value: T }
  | { kind: 'error'; error: ServiceError }
  /** Not fetched before the time budget ran out. */
  | { kind: 'pending' };

export interface ResolverDeps {
  transport: Transport;
  cache: KeyValueCache;
  clock: Clock;
  deadline: number;
  /** URL fetches this call may still make today; misses beyond it say so instead. */
  maxRequests?: number;
  /** Why what passes maxRequests is not sent: the add-on's reserve, or Google's quota spent. */
  overQuota?: 'QUOTA' | 'QUOTA_SPENT';
  /**
   * The service's pace as the person's last runs measured it, kept past the cache's 6 hours (their
   * user properties): a day's first cold call sizes its batch from it. `write` is absent where
   * the store is read-only (a custom function).
   */
  pace?: { read(): string | null; write?(trips: string): void };
}

export interface ResolverSpec<T> {
  /** Cache namespace: service address, endpoint, and the user's refresh token. */
  namespace: string;
  request: (key: string) => HttpRequest;
  parse: (response: HttpResponse, nowMs: number) => Result<T>;
  /** Seconds to keep an answer; 0 keeps it out of the cache. */
  ttlSeconds: (value: T) => number;
  /** Errors worth remembering (a brand the index lacks), and for how long. */
  errorTtlSeconds: (error: ServiceError) => number;
}

export interface ResolverStats {
  cacheHits: number;
  requestsSent: number;
  roundTrips: number;
  breakerOpen: boolean;
}

type Cached<T> = { v: T } | { e: ServiceError };

const BREAKER_SECONDS = 60;
const BREAKER_MIN_FAILURES = 5;

function breakerKey(namespace: string): string {
  return cacheKey('breaker', namespace.split('|')[0] ?? namespace);
}

/**
 * The first batch when no earlier call showed the service's pace: a batch that outlasts the
 * execution is stopped by Google with nothing saved, and 1,000 requests at a slow service's pace
 * can (a scheduled refresh that never moves and spends the day's trigger time). From 100 the
 * batches grow within what the time left answers; the round trips seen are kept for the next
 * call (api/batch `tripsToKeep`), so only the first call of a day pays for the probe.
 */
export const UNPROVEN_FIRST_BATCH = 100;
const LOOKUP_GROWTH = 10;
const TRIPS_SECONDS = 6 * 3600;

function tripsKey(namespace: string): string {
  return cacheKey('trips', namespace.split('|')[0] ?? namespace);
}

/** The round trips kept in the cache, or none when absent or not as written. */
function pastTrips(text: string | undefined): Trip[] {
  try {
    const trips = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(trips) &&
      trips.every(
        (t) => Array.isArray(t) && t.length === 2 && t.every((n) => Number.isFinite(n) && n >= 0),
      )
      ? (trips as Trip[])
      : [];
  } catch {
    return [];
  }
}

function decode<T>(text: string | undefined): Cached<T> | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Cached<T>;
    return parsed && typeof parsed === 'object' && ('v' in parsed || 'e' in parsed)
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

function fromCached<T>(entry: Cached<T>): Outcome<T> {
  return 'v' in entry ? { kind: 'value', value: entry.v } : { kind: 'error', error: entry.e };
}

function isOutage(error: ServiceError): boolean {
  return error.code === 'SERVER_ERROR' || error.code === 'NETWORK' || error.code === 'RATE_LIMITED';
}

/** How many of the keys the cache would answer: what a run will not have to send. */
export function countCached<T>(
  keys: string[],
  spec: ResolverSpec<T>,
  cache: KeyValueCache,
): number {
  if (keys.length === 0) return 0;
  const stored = cache.getAll(keys.map((k) => cacheKey(spec.namespace, k)));
  return keys.filter((k) => decode<T>(stored[cacheKey(spec.namespace, k)]) !== undefined).length;
}

export function resolveAll<T>(
  keys: string[],
  spec: ResolverSpec<T>,
  deps: ResolverDeps,
): { outcomes: Map<string, Outcome<T>>; stats: ResolverStats } {
  const outcomes = new Map<string, Outcome<T>>();
  const stats: ResolverStats = { cacheHits: 0, requestsSent: 0, roundTrips: 0, breakerOpen: false };
  if (keys.length === 0) return { outcomes, stats };

  const storageKey = (key: string) => cacheKey(spec.namespace, key);
  const cached = deps.cache.getAll([...keys.map(storageKey), tripsKey(spec.namespace)]);
  let misses: string[] = [];
  for (const key of keys) {
    const entry = decode<T>(cached[storageKey(key)]);
    if (entry) {
      outcomes.set(key, fromCached(entry));
      stats.cacheHits++;
    } else {
      misses.push(key);
    }
  }
  if (misses.length === 0) return { outcomes, stats };

  const openUntil = Number(deps.cache.get(breakerKey(spec.namespace)) ?? 0);
  if (openUntil > deps.clock.now()) {
    stats.breakerOpen = true;
    for (const key of misses)
      outcomes.set(key, { kind: 'error', error: serviceError('UNAVAILABLE') });
    return { outcomes, stats };
  }

  const allowed = Math.max(0, Math.min(misses.length, deps.maxRequests ?? Infinity));
  for (const key of misses.slice(allowed))
    outcomes.set(key, { kind: 'error', error: serviceError(deps.overQuota ?? 'QUOTA') });
  misses = misses.slice(0, allowed);

  const past = pastTrips(cached[tripsKey(spec.namespace)] ?? deps.pace?.read() ?? undefined);
  const batch = sendAll(deps.transport, misses.map(spec.request), spec.parse, {
    clock: deps.clock,
    deadline: deps.deadline,
    ...(past.length ? { pastTrips: past } : { firstBatch: UNPROVEN_FIRST_BATCH }),
    // Lookups are safe to repeat: from a clean probe a batch may go straight to what the time
    // left answers (1,000 at most), where a POST doubles its way up.
    growth: LOOKUP_GROWTH,
  });
  stats.requestsSent = batch.requestsSent;
  stats.roundTrips = batch.roundTrips;

  const toCache: Record<string, Record<string, string>> = {};
  const remember = (ttl: number, key: string, entry: Cached<T>) => {
    if (ttl <= 0) return;
    (toCache[ttl] = toCache[ttl] ?? {})[storageKey(key)] = JSON.stringify(entry);
  };
  let outages = 0;
  misses.forEach((key, i) => {
    const result = batch.results[i];
    if (!result) {
      outcomes.set(key, { kind: 'pending' });
    } else if (result.ok) {
      outcomes.set(key, { kind: 'value', value: result.value });
      remember(spec.ttlSeconds(result.value), key, { v: result.value });
    } else {
      outcomes.set(key, { kind: 'error', error: result.error });
      remember(spec.errorTtlSeconds(result.error), key, { e: result.error });
      if (isOutage(result.error)) outages++;
    }
  });
  // The round trips go with the longest-lived answers: one write for both.
  if (batch.trips.length) {
    const ttl = Math.max(0, ...Object.keys(toCache).map(Number)) || TRIPS_SECONDS;
    (toCache[ttl] = toCache[ttl] ?? {})[tripsKey(spec.namespace)] = JSON.stringify(batch.trips);
    deps.pace?.write?.(JSON.stringify(batch.trips));
  }
  for (const ttl of Object.keys(toCache)) deps.cache.putAll(toCache[ttl] ?? {}, Number(ttl));

  // After retries, most of the batch still failing means the service is down: pause calls.
  if (outages >= BREAKER_MIN_FAILURES && outages * 2 >= misses.length) {
    deps.cache.put(
      breakerKey(spec.namespace),
      String(deps.clock.now() + BREAKER_SECONDS * 1000),
      BREAKER_SECONDS,
    );
  }
  return { outcomes, stats };
}
