/**
 * What background work this user has, per document: previews pending and scans running. It lives
 * in the user's own properties because the add-on's clock trigger belongs to the user, not to a
 * document: it runs with no active spreadsheet and no document properties, and finds each
 * document here by ID. The one trigger exists while any document has work, and is removed when
 * none has. https://developers.google.com/workspace/add-ons/concepts/editor-triggers
 */
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { ensurePollTrigger, removePollTrigger } from './triggers';

export type Work = 'previews' | 'scans' | 'schedules';

type Registry = Record<string, Partial<Record<Work, number>>>;

const REGISTRY = 'vis.background';

function read(): Registry {
  try {
    const parsed: unknown = JSON.parse(
      PropertiesService.getUserProperties().getProperty(REGISTRY) ?? '{}',
    );
    return parsed && typeof parsed === 'object' ? (parsed as Registry) : {};
  } catch {
    return {};
  }
}

function write(registry: Registry): void {
  const props = PropertiesService.getUserProperties();
  if (Object.keys(registry).length) props.setProperty(REGISTRY, JSON.stringify(registry));
  else props.deleteProperty(REGISTRY);
  if (Object.keys(registry).length) ensurePollTrigger();
  else removePollTrigger();
}

/**
 * The registry is read, changed and written under the user's lock: two executions of this user
 * (the sidebar in one spreadsheet, the trigger in another) never overwrite each other's entry.
 */
function withUserLock(change: () => void): void {
  const lock = LockService.getUserLock();
  const locked = lock.tryLock(REGISTRY_LOCK_WAIT_MS);
  try {
    change();
  } finally {
    if (locked) lock.releaseLock();
  }
}

/** Records how much of one kind of work a document has left; 0 takes it off the list. */
export function setBackgroundWork(documentId: string, work: Work, count: number): void {
  // Called on every poll (every 10 s from the sidebar): the lock is taken only for a change.
  if (unchanged(documentId, work, count)) return;
  withUserLock(() => updateWork(documentId, work, count));
}

function unchanged(documentId: string, work: Work, count: number): boolean {
  return (read()[documentId]?.[work] ?? 0) === count;
}

function updateWork(documentId: string, work: Work, count: number): void {
  const registry = read();
  const entry = registry[documentId] ?? {};
  if ((entry[work] ?? 0) === count) return;
  if (count > 0) entry[work] = count;
  else delete entry[work];
  if (Object.keys(entry).length) registry[documentId] = entry;
  else delete registry[documentId];
  write(registry);
}

/** The documents with background work, in the order they were registered. */
export function documentsWithWork(): string[] {
  return Object.keys(read());
}

/** A document that can no longer be opened (deleted, unshared) leaves the list. */
export function forgetDocument(documentId: string): void {
  withUserLock(() => {
    const registry = read();
    delete registry[documentId];
    write(registry);
  });
}
