/** The poll safety net: one time-driven trigger per user and document, removed when idle. */
import { POLL_TRIGGER_MINUTES } from '../config';
import { appsScriptClock } from './clock';
import { setUserProperties, userProperty } from './userStore';
import { granted } from './permissions';
import type { FormTrigger } from '../kit/ports';

/** When the person's background work was last heard of: its last firing, or its trigger's making. */
const HEARD = 'vis.bg.heard';
/** A trigger listed but silent this long has stopped (docs/platform-limits.md, A3). */
const SILENT_MS = 2 * 3600 * 1000 + POLL_TRIGGER_MINUTES * 60 * 1000;

/** The global (src/index.ts) the trigger runs: previews and the scan monitor both. */
const POLL_HANDLER = 'pollInBackground';

function mine(): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === POLL_HANDLER);
}

/**
 * Without the permission to run in the background, nothing here calls ScriptApp (it would throw):
 * work finishes while the sidebar is open, which says so, and the trigger is made at the first
 * run after the person grants it.
 */
export function ensurePollTrigger(): boolean {
  if (!granted('background') || mine().length > 0) return false;
  const builder = ScriptApp.newTrigger(POLL_HANDLER).timeBased();
  if (POLL_TRIGGER_MINUTES >= 60) builder.everyHours(Math.round(POLL_TRIGGER_MINUTES / 60));
  else builder.everyMinutes(POLL_TRIGGER_MINUTES);
  try {
    builder.create();
  } catch (error) {
    // At Google’s 20 triggers per user (Q3) the work waits for a free place; it must not fail
    // the press that registered it (a Leads tab that throws on open, a watch nobody can stop).
    if (!/too many triggers/i.test(error instanceof Error ? error.message : String(error)))
      throw error;
    console.warn('No room for the hourly trigger: 20 triggers already');
    return false;
  }
  heardNow();
  return true;
}

/** The background firing says it ran: one property write an hour. */
export const heardNow = (): void => setUserProperties({ [HEARD]: String(appsScriptClock.now()) });

/**
 * A trigger Google keeps listed but no longer fires (the add-on disabled in the file it was made
 * from, uninstalled there): found by its silence and made again from this document. True when it
 * was: the person is told once, here. Called when work is registered: a trigger missing because
 * the person had not granted background runs is made as soon as they have.
 */
export function reviveSilentTrigger(): boolean {
  if (!granted('background')) return false;
  const heard = Number(userProperty(HEARD) ?? NaN);
  if (!Number.isFinite(heard)) {
    // Never heard of: its trigger was never made (background runs were not granted when the
    // work was registered), made now; or it was made before this record existed, and its
    // silence is timed from now. A poll asks ScriptApp only then, or past the silence.
    if (!ensurePollTrigger()) heardNow();
    return false;
  }
  if (appsScriptClock.now() - heard <= SILENT_MS) return false;
  removePollTrigger();
  return ensurePollTrigger();
}

export function removePollTrigger(): number {
  if (!granted('background')) return 0;
  const triggers = mine();
  for (const t of triggers) ScriptApp.deleteTrigger(t);
  return triggers.length;
}

/** The global (src/index.ts) a form's response runs: the person's lead watches in that file. */
const LEAD_HANDLER = 'onLeadResponse';

const myFormTriggers = (docId: string) =>
  ScriptApp.getProjectTriggers().filter(
    (t) => t.getHandlerFunction() === LEAD_HANDLER && t.getTriggerSourceId() === docId,
  );

/** A person's form-submit trigger on a document: made, waiting for the permission, or refused. */

/**
 * The person's one form-submit trigger on this file (an add-on has one of each type per user per
 * document, docs/platform-limits.md T1). Without the permission it is not made: the hourly run
 * (made once granted) handles new rows instead. True when it exists.
 */
export function ensureFormTrigger(book: GoogleAppsScript.Spreadsheet.Spreadsheet): FormTrigger {
  if (!granted('background')) return 'permission';
  if (myFormTriggers(book.getId()).length > 0) return 'on';
  try {
    ScriptApp.newTrigger(LEAD_HANDLER).forSpreadsheet(book).onFormSubmit().create();
    return 'on';
  } catch (error) {
    // Google allows 20 triggers per user across every file (Q3): the hourly run handles new rows.
    if (/too many triggers/i.test(error instanceof Error ? error.message : String(error)))
      return 'limit';
    throw error;
  }
}

export function removeFormTrigger(docId: string): void {
  if (!granted('background')) return;
  for (const t of myFormTriggers(docId)) ScriptApp.deleteTrigger(t);
}

/**
 * The person's form-submit triggers on files where they no longer watch a sheet, or cannot open
 * any more (deleted, access removed), each hold one of Google's 20 places (Q3) across every file:
 * they go. (A trigger is made only from its own file, T1: a watch refused one for want of room
 * gets it when its Leads tab next opens there.) Returns how many went.
 */
export function removeStaleFormTriggers(
  watched: ReadonlySet<string>,
  opens: (docId: string) => boolean,
): number {
  if (!granted('background')) return 0;
  const stale = ScriptApp.getProjectTriggers().filter(
    (t) =>
      t.getHandlerFunction() === LEAD_HANDLER &&
      !(watched.has(t.getTriggerSourceId()) && opens(t.getTriggerSourceId())),
  );
  for (const t of stale) ScriptApp.deleteTrigger(t);
  return stale.length;
}
