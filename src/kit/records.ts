/**
 * Typed records over a store of strings: the one place a record is named, serialised, checked
 * against its schema and its store's size. An implementation of the kit supplies only the strings
 * (Apps Script's properties and cache, or maps in memory), so the two cannot differ in the rules.
 */
import { utf8Bytes } from '../domain/bytes';
import { cacheKey } from '../domain/cache';
import {
  RECORD_LIMITS,
  RecordTooLarge,
  type CachedRecords,
  type RecordKind,
  type RecordStore,
} from './ports';

/** A durable store of strings by key. */
export interface Strings {
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
}

/** A cache of strings by key, which may forget. */
export interface CachedStrings {
  get(key: string): string | null;
  put(key: string, value: string, seconds: number): void;
}

const keyOf = (kind: RecordKind<unknown>, id?: string): string =>
  id === undefined ? `vis.${kind.name}` : `vis.${kind.name}.${id}`;

function parsed<T>(kind: RecordKind<T>, text: string | null): T | null {
  if (text === null) return null;
  try {
    const result = kind.schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function recordStore(strings: Strings, valueBytes: number): RecordStore {
  return {
    get: (kind, id) => parsed(kind, strings.get(keyOf(kind, id))) ?? kind.none,
    put(kind, value, id) {
      const key = keyOf(kind, id);
      const text = JSON.stringify(value);
      // Google counts the key with the value (P1).
      const bytes = utf8Bytes(key) + utf8Bytes(text);
      if (bytes > valueBytes) throw new RecordTooLarge(kind.name, bytes, valueBytes);
      strings.set(key, text);
    },
    drop: (kind, id) => strings.delete(keyOf(kind, id)),
  };
}

export const propertyRecords = (strings: Strings): RecordStore =>
  recordStore(strings, RECORD_LIMITS.propertyValueBytes);

export function cachedRecords(cache: CachedStrings): CachedRecords {
  const key = (kind: RecordKind<unknown>, id: string) => cacheKey(keyOf(kind, id));
  return {
    get: (kind, id) => parsed(kind, cache.get(key(kind, id))),
    put(kind, value, id, seconds) {
      const text = JSON.stringify(value);
      if (utf8Bytes(text) > RECORD_LIMITS.cacheValueBytes) return false;
      cache.put(key(kind, id), text, Math.min(Math.max(1, seconds), RECORD_LIMITS.cacheSeconds));
      return true;
    },
  };
}
