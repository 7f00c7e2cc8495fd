/**
 * What background work this user has, per document: previews pending and scans running. It lives
 * in the user's own properties because the add-on's clock trigger belongs to the user, not to a
 * document: it runs with no active spreadsheet and no document properties, and finds each
 * document here by ID. The one trigger exists while any document has work, and is removed when
 * none has. https://developers.google.com/workspace/add-ons/concepts/editor-triggers
 */
import type { Work } from '../kit/ports';
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { withUserLock } from './lock';
import { ensurePollTrigger, removePollTrigger } from './triggers';
import {
  deleteUserProperty,
  freshUserProperty,
  mayWriteWhatCanWait,
  setUserProperties,
  userProperty,
} from './userStore';

type Registry = Record<string, Partial<Record<Work, number>>>;

const REGISTRY = 'vis.background';

/** `fresh`: read again (under the user's lock, to change it), not from this execution's snapshot. */
function read(fresh = false): Registry {
  try {
    const parsed: unknown = JSON.parse(
      (fresh ? freshUserProperty(REGISTRY) : userProperty(REGISTRY)) ?? '{}',
    );
    return parsed && typeof parsed === 'object' ? (parsed as Registry) : {};
  } catch {
    return {};
  }
}

function write(registry: Registry): void {
  if (Object.keys(registry).length) setUserProperties({ [REGISTRY]: JSON.stringify(registry) });
  else deleteUserProperty(REGISTRY);
  if (Object.keys(registry).length) ensurePollTrigger();
  else removePollTrigger();
}

/** The registry is read, changed and written under the user's lock (withUserLock). */
const withRegistryLock = (change: () => void): void => withUserLock(REGISTRY_LOCK_WAIT_MS, change);

/**
 * Records whether a document has one kind of work left; 0 takes it off the list. Only whether is
 * kept, not how much: the registry changes (a property write) when work starts or ends, not at
 * every poll.
 */
export function setBackgroundWork(documentId: string, work: Work, count: number): void {
  // Called on every poll (every 10 s from the sidebar): the lock is taken only for a change.
  if (unchanged(read(), documentId, work, count)) return;
  // A sidebar poll leaves the removal to the next firing, which finds nothing to do and removes it.
  if (count === 0 && !mayWriteWhatCanWait()) return;
  withRegistryLock(() => updateWork(documentId, work, count));
}

function unchanged(registry: Registry, documentId: string, work: Work, count: number): boolean {
  return (registry[documentId]?.[work] ?? 0) > 0 === count > 0;
}

function updateWork(documentId: string, work: Work, count: number): void {
  const registry = read(true);
  if (unchanged(registry, documentId, work, count)) return;
  const entry = registry[documentId] ?? {};
  if (count > 0) entry[work] = 1;
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
  withRegistryLock(() => {
    const registry = read(true);
    delete registry[documentId];
    write(registry);
  });
}
