import type { Held } from '../kit/ports';

/**
 * The document lock held, or null when another run holds it past `waitMs`. Where Google gives no
 * document lock (an add-on's clock trigger, which has no active document), the user's lock keeps
 * this user's background runs from overlapping.
 */
export function documentLock(waitMs: number): Held | null {
  const lock = LockService.getDocumentLock() ?? LockService.getUserLock();
  return lock.tryLock(waitMs) ? { release: () => lock.releaseLock() } : null;
}

/** What a person is told when another run holds the document. */
export const DOCUMENT_BUSY = 'Another run is writing to this document: try again in a moment.';

/**
 * Runs a read-change-write of the user's own record under the user's lock: two executions of one
 * person (the sidebar in one spreadsheet, the trigger in another) never overwrite each other. Not
 * taken while the document lock is held: a trigger's document lock is this same user lock.
 */
export function withUserLock<T>(waitMs: number, change: () => T): T {
  const held = userLock(waitMs);
  try {
    return change();
  } finally {
    held.release();
  }
}

/** The user's lock as `withUserLock` takes it: one that waited in vain goes ahead unlocked. */
export function userLock(waitMs: number): Held {
  const lock = LockService.getUserLock();
  const locked = lock.tryLock(waitMs);
  return { release: () => (locked ? lock.releaseLock() : undefined) };
}
