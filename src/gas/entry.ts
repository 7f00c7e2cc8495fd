/**
 * Every global the bundle exports runs through here (build.mjs writes each top-level function as
 * a call of `entry`): whatever an execution counted (fetches, property calls) reaches today's
 * meters when it ends, whichever entry point it was.
 */
import { flushMeters } from './meter';

export function entry(fn: (...args: unknown[]) => unknown, args: ArrayLike<unknown>): unknown {
  try {
    return fn(...Array.from(args));
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
