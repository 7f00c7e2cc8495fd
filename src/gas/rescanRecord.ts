/**
 * The rescans a person pressed, per spreadsheet, in their own user properties: the one automatic
 * retry of a failed rescan is sent only for these, with their key. A date typed into a row's
 * `Rescan requested` cell is a request for display, never authority to spend anyone's key.
 */
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { withUserLock } from './lock';
import {
  deleteUserProperty,
  freshUserProperty,
  setUserProperties,
  userProperty,
} from './userStore';

const key = (doc: string) => `vis.rescans.${doc}`;
/** Long enough for any scan to finish and fail; older presses are forgotten. */
const KEEP_MS = 14 * 24 * 3600 * 1000;
/** At most this many remembered (the oldest go first): a value stays under Google's 9 KB. */
const MAX = 300;

function parse(value: string | null): Map<number, number> {
  try {
    const raw = JSON.parse(value ?? '{}') as Record<string, number>;
    return new Map(Object.entries(raw).map(([id, at]) => [Number(id), Number(at)]));
  } catch {
    return new Map();
  }
}

/** Agent ID → when this person pressed its rescan (ms). */
export const pressedRescans = (doc: string): Map<number, number> => parse(userProperty(key(doc)));

function change(doc: string, edit: (pressed: Map<number, number>) => void, now: number): void {
  withUserLock(REGISTRY_LOCK_WAIT_MS, () => {
    const pressed = parse(freshUserProperty(key(doc)));
    edit(pressed);
    const kept = [...pressed].filter(([, at]) => now - at < KEEP_MS).slice(-MAX);
    if (kept.length) setUserProperties({ [key(doc)]: JSON.stringify(Object.fromEntries(kept)) });
    else deleteUserProperty(key(doc));
  });
}

export function recordPressed(doc: string, ids: number[], at: number): void {
  if (ids.length) change(doc, (pressed) => ids.forEach((id) => pressed.set(id, at)), at);
}

/** The automatic retry was sent: there is no second one. */
export function forgetPressed(doc: string, ids: number[], now: number): void {
  if (ids.length) change(doc, (pressed) => ids.forEach((id) => pressed.delete(id)), now);
}
