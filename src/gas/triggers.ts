/** The poll safety net: one time-driven trigger per user and document, removed when idle. */
import { POLL_TRIGGER_MINUTES } from '../config';
import { appsScriptClock } from './clock';
import { setUserProperties, userProperty } from './userStore';

/** When the person's background work was last heard of: its last firing, or its trigger's making. */
const HEARD = 'vis.bg.heard';
/** A trigger listed but silent this long has stopped (docs/platform-limits.md, A3). */
const SILENT_MS = 2 * 3600 * 1000 + POLL_TRIGGER_MINUTES * 60 * 1000;

/** The global (src/index.ts) the trigger runs: previews and the scan monitor both. */
const POLL_HANDLER = 'pollInBackground';

function mine(): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === POLL_HANDLER);
}

export function ensurePollTrigger(): boolean {
  if (mine().length > 0) return false;
  const builder = ScriptApp.newTrigger(POLL_HANDLER).timeBased();
  if (POLL_TRIGGER_MINUTES >= 60) builder.everyHours(Math.round(POLL_TRIGGER_MINUTES / 60));
  else builder.everyMinutes(POLL_TRIGGER_MINUTES);
  builder.create();
  heardNow();
  return true;
}

/** The background firing says it ran: one property write an hour. */
export const heardNow = (): void => setUserProperties({ [HEARD]: String(appsScriptClock.now()) });

/**
 * A trigger Google keeps listed but no longer fires (the add-on disabled in the file it was made
 * from, uninstalled there): found by its silence and made again from this document. True when it
 * was: the person is told once, here.
 */
export function reviveSilentTrigger(): boolean {
  const heard = Number(userProperty(HEARD) ?? NaN);
  if (!Number.isFinite(heard)) {
    // A trigger made before this record existed: its silence is timed from now.
    heardNow();
    return false;
  }
  if (appsScriptClock.now() - heard <= SILENT_MS || mine().length === 0) return false;
  removePollTrigger();
  return ensurePollTrigger();
}

export function removePollTrigger(): number {
  const triggers = mine();
  for (const t of triggers) ScriptApp.deleteTrigger(t);
  return triggers.length;
}
