/** KeyValueCache over CacheService, in chunks that stay within its batch limits. */
import { CACHE_LIMITS, type KeyValueCache } from '../domain/cache';

const CHUNK = 500;

function appsScriptCache(cache: GoogleAppsScript.Cache.Cache): KeyValueCache {
  return {
    getAll(keys) {
      const out: Record<string, string> = {};
      for (let i = 0; i < keys.length; i += CHUNK)
        Object.assign(out, cache.getAll(keys.slice(i, i + CHUNK)));
      return out;
    },
    putAll(values, ttlSeconds) {
      const ttl = Math.min(ttlSeconds, CACHE_LIMITS.ttlSeconds);
      const keys = Object.keys(values).filter(
        (k) => (values[k] ?? '').length * 3 < CACHE_LIMITS.valueBytes,
      );
      for (let i = 0; i < keys.length; i += CHUNK) {
        const part: Record<string, string> = {};
        for (const k of keys.slice(i, i + CHUNK)) part[k] = values[k] as string;
        cache.putAll(part, ttl);
      }
    },
    get: (key) => cache.get(key),
    put: (key, value, ttlSeconds) =>
      cache.put(key, value, Math.min(ttlSeconds, CACHE_LIMITS.ttlSeconds)),
  };
}

/** Public scores are the same for everyone: one script-wide cache serves every user. */
export function sharedCache(): KeyValueCache {
  return appsScriptCache(CacheService.getScriptCache());
}

/** Answers fetched with a key stay with the document they were asked for. */
export function documentCache(): KeyValueCache {
  const cache = CacheService.getDocumentCache();
  return cache ? appsScriptCache(cache) : sharedCache();
}
