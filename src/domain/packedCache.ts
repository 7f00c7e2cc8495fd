/**
 * Many readings to one cache item. A cache keeps 1,000 items (past that, the 900 farthest from
 * expiration), and the script cache is shared by every user of the add-on: one item per site is
 * pushed out by other people's writes long before it expires. Packed into a fixed number of
 * buckets, a document's readings of any list size stay a few dozen items, each entry keeping its
 * own expiry.
 */
import { CACHE_LIMITS, type KeyValueCache } from './cache';
import { fnv1aNumber } from './hash';

/** Enough buckets that 10,000 readings of ~400 bytes average ~31 KB an item. */
export const PACK_BUCKETS = 128;
/** What a bucket may hold, in UTF-8 bytes: below the 100 KB a value with room for the envelope. */
const BUCKET_BYTES = 90 * 1024;

/** key → [value, expires at (ms)] */
type Bucket = Record<string, [string, number]>;

export const bucketKey = (key: string): string => `pack:${fnv1aNumber(key) % PACK_BUCKETS}`;

export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return bytes;
}

function parseBucket(raw: string | undefined, now: number): Bucket {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const out: Bucket = {};
  for (const [k, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number')
      continue;
    if (entry[1] > now) out[k] = [entry[0], entry[1]];
  }
  return out;
}

/** The bucket within its bytes: the entries nearest expiry go first, as the cache itself does. */
function trimmed(bucket: Bucket): { json: string; expires: number[] } {
  let entries = Object.entries(bucket);
  let json = JSON.stringify(bucket);
  while (utf8Bytes(json) > BUCKET_BYTES) {
    entries = entries.sort((a, b) => b[1][1] - a[1][1]).slice(0, Math.floor(entries.length * 0.9));
    json = JSON.stringify(Object.fromEntries(entries));
  }
  return { json, expires: entries.map((e) => e[1][1]) };
}

export function packedCache(inner: KeyValueCache, now: () => number): KeyValueCache {
  /** Each key's bucket (hashed once a call: a poll of 10,000 previews hashes 10,000 keys), and the buckets read. */
  const readBuckets = (keys: string[]) => {
    const named = keys.map((k) => [k, bucketKey(k)] as const);
    const names = [...new Set(named.map(([, n]) => n))];
    const raw = names.length ? inner.getAll(names) : {};
    const at = now();
    const buckets = new Map(names.map((n) => [n, parseBucket(raw[n], at)]));
    return { named, buckets };
  };
  const getAll = (keys: string[]): Record<string, string> => {
    const { named, buckets } = readBuckets(keys);
    const out: Record<string, string> = {};
    for (const [k, name] of named) {
      const entry = buckets.get(name)?.[k];
      if (entry) out[k] = entry[0];
    }
    return out;
  };
  const putAll = (values: Record<string, string>, ttlSeconds: number): void => {
    const keys = Object.keys(values);
    if (keys.length === 0) return;
    const { named, buckets } = readBuckets(keys);
    const expires = now() + Math.min(ttlSeconds, CACHE_LIMITS.ttlSeconds) * 1000;
    for (const [k, name] of named)
      (buckets.get(name) as Bucket)[k] = [values[k] as string, expires];
    const at = now();
    const byTtl: Record<number, Record<string, string>> = {};
    for (const [name, bucket] of buckets) {
      const { json, expires: all } = trimmed(bucket);
      const last = Math.max(...all, at + 1000);
      const ttl = Math.min(Math.ceil((last - at) / 1000), CACHE_LIMITS.ttlSeconds);
      (byTtl[ttl] = byTtl[ttl] ?? {})[name] = json;
    }
    for (const ttl of Object.keys(byTtl)) inner.putAll(byTtl[Number(ttl)] ?? {}, Number(ttl));
  };
  return {
    getAll,
    putAll,
    get: (key) => getAll([key])[key] ?? null,
    put: (key, value, ttlSeconds) => putAll({ [key]: value }, ttlSeconds),
  };
}

/** Reads from `first`, then `second` for what it lacks; writes to both. */
export function tieredCache(first: KeyValueCache, second: KeyValueCache): KeyValueCache {
  const getAll = (keys: string[]): Record<string, string> => {
    const found = first.getAll(keys);
    const missing = keys.filter((k) => found[k] === undefined);
    return missing.length ? { ...second.getAll(missing), ...found } : found;
  };
  return {
    getAll,
    putAll(values, ttlSeconds) {
      first.putAll(values, ttlSeconds);
      second.putAll(values, ttlSeconds);
    },
    get: (key) => getAll([key])[key] ?? null,
    put(key, value, ttlSeconds) {
      first.put(key, value, ttlSeconds);
      second.put(key, value, ttlSeconds);
    },
  };
}
