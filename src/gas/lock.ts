/** Runs work under the document lock, or reports that another run holds it. */
export function withDocumentLock<T>(waitMs: number, work: () => T, busy: () => T): T {
  const lock = LockService.getDocumentLock();
  if (!lock.tryLock(waitMs)) return busy();
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
}
