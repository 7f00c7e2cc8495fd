/**
 * Every global the bundle exports runs through here (build.mjs writes each top-level function as
 * a call of `entry`): whatever an execution counted (fetches, property calls) reaches today's
 * meters when it ends, whichever entry point it was.
 */
import { argumentsRefusal } from '../domain/callableArgs';
import { notGrantedMessage, permissionNamedIn } from '../domain/permissions';
import { isProtectedRefusal, protectedMessage } from '../domain/protection';
import { validationRefusalInWords } from '../domain/validation';
import { myEmail } from './active';
import { flushMeters } from './meter';
import { takeRefused } from './refusedWrites';
import { logAction } from './runLog';

/**
 * A call Google refused for a permission the person left unticked ("Specified permissions are
 * not sufficient to call …") says in words what waits for it and where to grant it; a data
 * validation rule's refusal the add-on did not plan around names the cell and the way out.
 */
function inWords(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const p = permissionNamedIn(message);
  if (p) return new Error(notGrantedMessage(p));
  const refused = validationRefusalInWords(message);
  if (refused) return new Error(refused);
  // A protection met where no sheet was at hand to name it (explainingProtection names it).
  return isProtectedRefusal(error) ? new Error(protectedMessage(myEmail(), [])) : error;
}

/**
 * A reply that says what a data validation rule kept out, after what it says already; the
 * Visibility log says it too, for runs nobody watches.
 */
function withRefusals(result: unknown): unknown {
  const refused = takeRefused();
  if (!refused) return result;
  try {
    logAction(refused.book, 'cells not written', {
      sheet: '',
      rows: refused.cells,
      requests: 0,
      changed: 0,
      errors: refused.cells,
      result: refused.message,
    });
  } catch (error) {
    // The reply still says it: a log that cannot be written must not fail the run it follows.
    console.warn('the Visibility log could not be written', String(error));
  }
  const r = result as { message?: unknown } | null;
  return r && typeof r === 'object' && typeof r.message === 'string'
    ? { ...r, message: `${r.message} ${refused.message}`.trim() }
    : result;
}

/** `name`: the global called (build.mjs writes it), whose arguments' kinds are checked first. */
export function entry(
  fn: (...args: unknown[]) => unknown,
  args: ArrayLike<unknown>,
  name?: string,
): unknown {
  try {
    const given = Array.from(args);
    const refused = name ? argumentsRefusal(name, given) : null;
    if (refused) throw new Error(refused);
    return withRefusals(fn(...given));
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
