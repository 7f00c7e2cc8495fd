/**
 * The user's properties, read once per execution. Every read and write of a property store counts
 * against a daily quota (50,000 on consumer accounts, 500,000 on Workspace:
 * https://developers.google.com/apps-script/guides/services/quotas), and every entry point needs
 * several settings: one `getProperties()` serves them all. Apps Script gives each execution a
 * fresh global scope, so the snapshot never outlives the execution that read it.
 */
import { utf8Bytes } from '../domain/bytes';
import { propertyCalled } from './propertyCalls';
import { propertyRecords, startingWithIn } from '../kit/records';
import type { PersonRecords } from '../kit/ports';

let snapshot: Record<string, string> | null = null;
/** What this execution may write: everything, only what cannot wait (a poll), nothing. */
let writes: 'all' | 'urgent' | 'none' = 'all';

const store = () => PropertiesService.getUserProperties();

/** A custom function: properties are readable only, so nothing here tries to write them. */
export function markReadOnlyExecution(): void {
  writes = 'none';
}

/**
 * A sidebar poll (every 10 s while it is open) spends at most two property calls: what can wait
 * (folding today's meters, a document leaving the background list) is left to the hourly firing
 * and the other entry points, which do it anyway.
 */
export function markPollExecution(): void {
  if (writes === 'all') writes = 'urgent';
}

export const mayWriteProperties = (): boolean => writes !== 'none';
export const mayWriteWhatCanWait = (): boolean => writes === 'all';

function read(): Record<string, string> {
  if (!snapshot) rereadUserProperties();
  return snapshot ?? {};
}

export function userProperty(key: string): string | null {
  return read()[key] ?? null;
}

/** Every value whose key starts with `prefix`, by key (one record per schedule, for example). */
export function userPropertiesStartingWith(prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(read()).filter(([k]) => k.startsWith(prefix)));
}

/** The person's store in bytes, keys included, as Google counts it against 500 KB (P1). */
export function userStoreSize(): number {
  return Object.entries(read()).reduce((n, [k, v]) => n + utf8Bytes(k) + utf8Bytes(v), 0);
}

/**
 * Read again, for a read-change-write under the user's lock: another execution may have written
 * since this one's snapshot.
 */
export function freshUserProperty(key: string): string | null {
  rereadUserProperties();
  return userProperty(key);
}

export function rereadUserProperties(): void {
  propertyCalled();
  snapshot = store().getProperties();
}

export function setUserProperties(values: Record<string, string>): void {
  if (Object.keys(values).length === 0) return;
  propertyCalled();
  store().setProperties(values);
  if (snapshot) Object.assign(snapshot, values);
}

export function deleteUserProperty(key: string): void {
  if (snapshot && !(key in snapshot)) return;
  propertyCalled();
  store().deleteProperty(key);
  if (snapshot) delete snapshot[key];
}

/** The person's properties as the kit's typed records (src/kit/records.ts). */
export const myRecords = (): PersonRecords => ({
  ...propertyRecords({
    get: userProperty,
    startingWith: (prefix) => startingWithIn(read(), prefix),
    setAll: setUserProperties,
    delete: deleteUserProperty,
  }),
  bytes: userStoreSize,
  reread: rereadUserProperties,
});
