/**
 * Every global the bundle exports runs through here (build.mjs writes each top-level function as
 * a call of `entry`): whatever an execution counted (fetches, property calls) reaches today's
 * meters when it ends, whichever entry point it was.
 */
import { notGrantedMessage, permissionNamedIn } from '../domain/permissions';
import { flushMeters } from './meter';

/**
 * A call Google refused for a permission the person left unticked ("Specified permissions are
 * not sufficient to call …") says in words what waits for it and where to grant it.
 */
function inWords(error: unknown): unknown {
  const p = permissionNamedIn(error instanceof Error ? error.message : String(error));
  return p ? new Error(notGrantedMessage(p)) : error;
}

export function entry(fn: (...args: unknown[]) => unknown, args: ArrayLike<unknown>): unknown {
  try {
    return fn(...Array.from(args));
  } catch (error) {
    throw inWords(error);
  } finally {
    try {
      flushMeters();
    } catch (error) {
      // A meter that cannot be written (no cache in this mode, the execution cut off) must never
      // fail the call it followed.
      console.warn('today’s use could not be recorded', String(error));
    }
  }
}
