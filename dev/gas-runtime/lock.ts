/**
 * LockService, with Google's three scopes: a document lock is one per document, a user lock one
 * per user, the script lock one for everybody
 * (https://developers.google.com/apps-script/reference/lock/lock-service). A lock is held by an
 * execution; another execution asking for the same lock waits its timeout and is refused, and
 * one asking for a different lock, or none, is never held up. Another holder is either simulated
 * from outside (GasRuntime.holdLock), or real: an execution paused by RunOptions.interleave.
 */
import { GasError } from './errors';

/** The lock an execution asks for: which scope, and whose (the document's id, the user). */
export type LockScope = 'document' | 'script' | 'user';
export const lockId = (scope: LockScope, whose = ''): string =>
  scope === 'script' ? 'script' : `${scope} ${whose}`;

export class LockState {
  /** Held by an execution outside the runtime, by lock id. */
  readonly heldElsewhere = new Set<string>();
  /** Held by an execution of the runtime, by lock id. */
  private readonly holders = new Map<string, object>();

  holderOf(id: string): object | undefined {
    return this.holders.get(id);
  }

  take(id: string, holder: object): void {
    this.holders.set(id, holder);
  }

  release(id: string, holder: object): void {
    if (this.holders.get(id) === holder) this.holders.delete(id);
  }

  /** Whether `holder` holds any lock. */
  holds(holder: object): boolean {
    return [...this.holders.values()].includes(holder);
  }

  /** An execution ended: the platform lets go of every lock it held. */
  releaseAll(holder: object): void {
    for (const [id, h] of this.holders) if (h === holder) this.holders.delete(id);
  }
}

export function makeLock(
  id: string,
  state: LockState,
  holder: object,
  call: (name: string) => void,
  wait: (ms: number) => void,
  released: () => void,
) {
  const takenByOther = () => {
    const h = state.holderOf(id);
    return state.heldElsewhere.has(id) || (h !== undefined && h !== holder);
  };
  return {
    tryLock(timeoutMs: number): boolean {
      call('Lock.tryLock');
      if (takenByOther()) {
        wait(timeoutMs);
        return false;
      }
      state.take(id, holder);
      return true;
    },
    waitLock(timeoutMs: number): void {
      call('Lock.waitLock');
      if (takenByOther()) {
        wait(timeoutMs);
        throw new GasError('Lock timeout: another process was holding the lock for too long.');
      }
      state.take(id, holder);
    },
    releaseLock(): void {
      call('Lock.releaseLock');
      state.release(id, holder);
      released();
    },
    hasLock(): boolean {
      call('Lock.hasLock');
      return state.holderOf(id) === holder;
    },
  };
}
