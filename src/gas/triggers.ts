/** The poll safety net: one time-driven trigger per user and document, removed when idle. */
import { POLL_TRIGGER_MINUTES } from '../config';

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
  return true;
}

export function removePollTrigger(): number {
  const triggers = mine();
  for (const t of triggers) ScriptApp.deleteTrigger(t);
  return triggers.length;
}
