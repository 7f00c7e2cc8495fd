/**
 * Typed records over a store of strings: the one place a record is named, serialised, checked
 * against its schema and its store's size. An implementation of the kit supplies only the strings
 * (Apps Script's properties and cache, or maps in memory), so the two cannot differ in the rules.
 */
import { utf8Bytes } from '../domain/bytes';
import { cacheKey, type KeyValueCache } from '../domain/cache';
import {
  entry,
  RECORD_LIMITS,
  RecordTooLarge,
  type CachedRecords,
  type RecordEntry,
  type RecordKind,
  type RecordStore,
  type SharedRecords,
} from './ports';

/** A durable store of strings by key. */
export interface Strings {
  get(key: string): string | null;
  /** Each value whose key starts with `prefix`, by the rest of its key. */
  startingWith(prefix: string): Record<string, string>;
  /** Every value in one call. */
  setAll(values: Record<string, string>): void;
  delete(key: string): void;
}

/** Each of `values` whose key starts with `prefix`, by the rest of its key. */
export const startingWithIn = (
  values: Record<string, string>,
  prefix: string,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values).flatMap(([key, v]) =>
      key.startsWith(prefix) ? [[key.slice(prefix.length), v]] : [],
    ),
  );

const keyOf = (kind: RecordKind<unknown>, id?: string): string =>
  id === undefined ? `vis.${kind.name}` : `vis.${kind.name}.${id}`;

/** The key of a record's `part`th value (the first is the record's own key). */
const partKey = (key: string, part: number) => (part ? `${key}.${part}` : key);

const texts = <T>(kind: RecordKind<T>, value: T): string[] =>
  kind.codec ? kind.codec.write(value) : [JSON.stringify(value)];

function parsed<T>(kind: RecordKind<T>, found: string[]): T | null {
  if (!found.length) return null;
  try {
    const raw = kind.codec ? kind.codec.read(found) : JSON.parse(found[0]!);
    const result = kind.schema().safeParse(raw);
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function recordStore(strings: Strings, valueBytes: number): RecordStore {
  const read = (kind: RecordKind<unknown>, key: string): string[] => {
    const found: string[] = [];
    for (let part = 0; ; part++) {
      const text = strings.get(partKey(key, part));
      if (text === null || (part > 0 && !kind.codec)) return found;
      found.push(text);
    }
  };
  const putAll = (entries: readonly RecordEntry[]) => {
    const values: Record<string, string> = {};
    const ends: Array<[string, number]> = [];
    for (const e of entries) {
      const key = keyOf(e.kind, e.id);
      const parts = texts(e.kind, e.value);
      parts.forEach((text, part) => {
        // Google counts the key with the value (P1).
        const bytes = utf8Bytes(partKey(key, part)) + utf8Bytes(text);
        if (bytes > valueBytes) throw new RecordTooLarge(e.kind.name, bytes, valueBytes);
        values[partKey(key, part)] = text;
      });
      if (e.kind.codec) ends.push([key, parts.length]);
    }
    strings.setAll(values);
    // Values past a record's new end held what is gone.
    for (const [key, end] of ends)
      for (let part = end; strings.get(partKey(key, part)) !== null; part++)
        strings.delete(partKey(key, part));
  };
  return {
    get: (kind, id) => parsed(kind, read(kind, keyOf(kind, id))) ?? kind.none,
    list(kind, idPrefix) {
      const out = new Map();
      for (const [rest, text] of Object.entries(strings.startingWith(keyOf(kind, idPrefix)))) {
        const value = parsed(kind, [text]);
        if (value !== null) out.set(idPrefix + rest, value);
      }
      return out;
    },
    put: (kind, value, id) => putAll([entry(kind, value, id)]),
    putAll,
    drop(kind, id) {
      const key = keyOf(kind, id);
      const parts = kind.codec ? read(kind, key).length : 1;
      for (let part = 0; part < Math.max(1, parts); part++) strings.delete(partKey(key, part));
    },
  };
}

export const propertyRecords = (strings: Strings): RecordStore =>
  recordStore(strings, RECORD_LIMITS.propertyValueBytes);

/** What the shared records are kept in: the file's, and the document's where that was full. */
export interface SharedStrings {
  /** As `Strings.startingWith`; `alsoDocument`: those kept in the document's properties too. */
  startingWith(prefix: string, alsoDocument: boolean): Record<string, string>;
  /** Written where there is room, else left as it was; null removes it wherever it is kept. */
  share(key: string, value: string | null): void;
}

export function sharedRecords(strings: SharedStrings): SharedRecords {
  return {
    list(kind, alsoDocument) {
      const out = new Map();
      for (const [id, text] of Object.entries(
        strings.startingWith(`${keyOf(kind)}.`, alsoDocument),
      )) {
        const value = parsed(kind, [text]);
        if (value !== null) out.set(id, value);
      }
      return out;
    },
    put: (kind, value, id) => strings.share(keyOf(kind, id), JSON.stringify(value)),
    drop: (kind, id) => strings.share(keyOf(kind, id), null),
  };
}

export function cachedRecords(cache: KeyValueCache): CachedRecords {
  const key = (kind: RecordKind<unknown>, id: string) => cacheKey(keyOf(kind, id));
  const fits = (text: string) => utf8Bytes(text) <= RECORD_LIMITS.cacheValueBytes;
  const seconds = (s: number) => Math.min(Math.max(1, s), RECORD_LIMITS.cacheSeconds);
  return {
    get(kind, id) {
      const text = cache.get(key(kind, id));
      return text === null ? null : parsed(kind, [text]);
    },
    put(kind, value, id, s) {
      const text = JSON.stringify(value);
      if (!fits(text)) return false;
      cache.put(key(kind, id), text, seconds(s));
      return true;
    },
    getAll(kind, ids) {
      const found = cache.getAll(ids.map((id) => key(kind, id)));
      const out = new Map();
      for (const id of ids) {
        const text = found[key(kind, id)];
        const value = text === undefined ? null : parsed(kind, [text]);
        if (value !== null) out.set(id, value);
      }
      return out;
    },
    putAll(kind, values, s) {
      const out: Record<string, string> = {};
      for (const [id, value] of values) {
        const text = JSON.stringify(value);
        if (fits(text)) out[key(kind, id)] = text;
      }
      if (Object.keys(out).length) cache.putAll(out, seconds(s));
    },
  };
}
