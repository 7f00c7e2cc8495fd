/**
 * LockService. Another execution holding the lock is either simulated from outside
 * (GasRuntime.holdLock: a second user presses Generate while the first run is still going), or
 * real: an execution paused by RunOptions.interleave waits for its locks to be let go of.
 */
import { GasError } from './errors';

export class LockState {
  /** Held by an execution outside the current one. */
  heldElsewhere = new Set<string>();
  /** Held by the current execution; released when it ends. */
  heldHere = new Set<string>();
}

export function makeLock(
  scope: string,
  state: LockState,
  call: (name: string) => void,
  wait: (ms: number) => void,
  released: () => void,
) {
  return {
    tryLock(timeoutMs: number): boolean {
      call('Lock.tryLock');
      if (state.heldElsewhere.has(scope)) {
        wait(timeoutMs);
        return false;
      }
      state.heldHere.add(scope);
      return true;
    },
    waitLock(timeoutMs: number): void {
      call('Lock.waitLock');
      if (state.heldElsewhere.has(scope)) {
        wait(timeoutMs);
        throw new GasError('Lock timeout: another process was holding the lock for too long.');
      }
      state.heldHere.add(scope);
    },
    releaseLock(): void {
      call('Lock.releaseLock');
      state.heldHere.delete(scope);
      released();
    },
    hasLock(): boolean {
      call('Lock.hasLock');
      return state.heldHere.has(scope);
    },
  };
}
