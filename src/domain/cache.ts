/** A key-value cache with CacheService's limits, injected so lookups are testable without it. */
import { fnv1a } from './hash';

export interface KeyValueCache {
  getAll(keys: string[]): Record<string, string>;
  putAll(values: Record<string, string>, ttlSeconds: number): void;
  get(key: string): string | null;
  put(key: string, value: string, ttlSeconds: number): void;
}

/** CacheService: keys at most 250 characters, values at most 100 KB, TTL at most 6 hours. */
export const CACHE_LIMITS = { keyLength: 250, valueBytes: 100 * 1024, ttlSeconds: 21600 };

/** A cache key within the key-length limit: long keys keep a readable head and a hash. */
export function cacheKey(...parts: string[]): string {
  const key = parts.join(':');
  if (key.length <= CACHE_LIMITS.keyLength) return key;
  return `${key.slice(0, 200)}#${fnv1a(key)}${key.length}`;
}
