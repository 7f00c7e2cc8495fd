/** KeyValueCache over CacheService, in chunks that stay within its batch limits. */
import { CACHE_LIMITS, type KeyValueCache } from '../domain/cache';
import { packedCache, tieredCache } from '../domain/packedCache';
import { appsScriptClock } from './clock';

const CHUNK = 500;

export function appsScriptCache(cache: GoogleAppsScript.Cache.Cache): KeyValueCache {
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

const scriptCache = (): KeyValueCache => appsScriptCache(CacheService.getScriptCache());

/** The document's cache, packed: a few dozen items whatever the list's size (no document: none). */
function packedDocumentCache(): KeyValueCache | null {
  const cache = CacheService.getDocumentCache();
  return cache ? packedCache(appsScriptCache(cache), () => appsScriptClock.now()) : null;
}

/**
 * Public scores are the same for everyone. The document's packed cache holds its list's readings
 * within the 1,000-item cap; the script cache, which every user of the add-on shares and fills,
 * serves the same site in the person's other documents while it keeps it.
 */
export function sharedCache(): KeyValueCache {
  const document = packedDocumentCache();
  return document ? tieredCache(document, scriptCache()) : scriptCache();
}

/** Answers fetched with a key stay with the document they were asked for. */
export function documentCache(): KeyValueCache {
  return packedDocumentCache() ?? scriptCache();
}
