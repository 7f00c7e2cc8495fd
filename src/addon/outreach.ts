/**
 * The Outreach tab: a pitch per selected prospect from a template (previewed first), the user's
 * own templates, and marking prospects contacted. Decisions are in domain/pitch.ts and
 * domain/followUps.ts; this file reads the selection, calls them and writes what they return.
 */
import type { Held } from '../kit/ports';
import type {
  ContactReport,
  OutreachView,
  PitchPreview,
  PitchReport,
  PitchRequest,
  PitchTemplate,
  TemplateSaveReport,
} from '../contract/outreach';
import { planContacted } from '../domain/followUps';
import { actionable } from '../domain/selectedRow';
import {
  checkPitchTemplate,
  fillPitch,
  mergeWarning,
  offeredPlaceholders,
  planPitches,
  STARTER_TEMPLATES,
} from '../domain/pitch';
import { CONTACT_COLUMNS, PITCH_COLUMNS, findColumns } from '../domain/table';
import { SCORE_HEADERS } from '../domain/scoreColumns';
import { appsScriptClock } from '../gas/clock';
import { DOCUMENT_BUSY } from '../gas/lock';
import { forgetTemplate, keepTemplate, savedTemplates } from '../gas/pitchTemplates';
import { selectionPort } from '../gas/selectionPort';
import { readHeaderRow } from '../gas/sheetTable';
import { PRESS_LOCK_WAIT_MS } from '../limits';
import { followUpThreshold } from './followUps';
import { appsScriptKit } from '../gas/kit';
import { activeSheet } from '../gas/active';
import type { LogLine } from '../contract/schedules';
import type { SelectedRow } from '../domain/selectedRow';
import type { SheetPort } from '../gas/ports';

/** The person's selection in the active list, as a list action reads it. */
export interface SelectionPort {
  /** Why the action refuses the active sheet (one of the add-on's own), or null. */
  refused(action: string): string | null;
  /** The selected rows with the list's header row; null when no cells are selected. */
  rows(): {
    sheetName: string;
    headers: unknown[];
    rows: SelectedRow[];
    grid: unknown[][];
    sheet: SheetPort;
  } | null;
  /** A line in the document's `Visibility log` for what the action did. */
  log(action: string, entry: LogLine): void;
  /** Runs work under the document's lock; `busy` when another run holds it past `waitMs`. */
  /** The document's lock, or null when another run holds it past `waitMs`. */
  lock(waitMs: number): Held | null;
}

const PREVIEW_ROWS = 3;
const SELECT_ROWS =
  "Select the prospects' rows (any column of them) in a list with headers in row 1.";

export function getOutreach(): OutreachView {
  const sheet = activeSheet();
  return {
    sheetName: sheet.getName(),
    placeholders: offeredPlaceholders(readHeaderRow(sheet)),
    starters: [...STARTER_TEMPLATES],
    saved: savedTemplates(),
    minChange: followUpThreshold(appsScriptKit(sheet.getParent())),
  };
}

/** The first selected prospects' pitches, as they would be written, and nothing written. */
export const previewPitches = (request: PitchRequest): PitchPreview =>
  pitchesPreviewed(selectionPort, request);

export function pitchesPreviewed(selection: SelectionPort, request: PitchRequest): PitchPreview {
  const found = selection.rows();
  if (!found) return { state: 'nothing', message: SELECT_ROWS, rows: [] };
  const template = String(request?.template ?? '');
  const first = actionable(found.rows).rows.slice(0, PREVIEW_ROWS);
  // Checked on the rows shown: a preview never fills the whole selection.
  const plan = planPitches(template, found.headers, first.length ? first : found.rows);
  if (plan.state !== 'done') return { state: plan.state, message: plan.message, rows: [] };
  const rows = first.map((r) => {
    const f = fillPitch(template, found.headers, r);
    return { row: r.row, pitch: f.ok ? f.text : null, missing: f.ok ? [] : f.missing };
  });
  const warning = mergeWarning(template, found.headers);
  const shown = `The first ${rows.length} of the selection:`;
  return { state: 'done', message: warning ? `${warning} ${shown}` : shown, rows };
}

const pitchReport = (
  state: PitchReport['state'],
  message: string,
  written = 0,
  missing = 0,
): PitchReport => ({ state, message, written, missing });

/** Writes `Pitch` and `Pitch message` on the selected rows only, as values. */
export const writePitches = (request: PitchRequest): PitchReport =>
  pitchesWritten(selectionPort, request);

export function pitchesWritten(selection: SelectionPort, request: PitchRequest): PitchReport {
  const refused = selection.refused('write the pitches');
  if (refused) return pitchReport('refused', refused);
  const found = selection.rows();
  if (!found) return pitchReport('nothing', SELECT_ROWS);
  const template = typeof request?.template === 'string' ? request.template : '';
  const plan = planPitches(template, found.headers, found.rows);
  if (plan.state !== 'done') return pitchReport(plan.state, plan.message);
  const held = selection.lock(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return pitchReport('nothing', DOCUMENT_BUSY);
  try {
    found.sheet.write(PITCH_COLUMNS, plan.patches, found.grid);
    selection.log('pitches', {
      sheet: found.sheetName,
      rows: plan.written,
      requests: 0,
      changed: plan.written,
      errors: plan.missing,
      result: plan.message,
    });
    return pitchReport('done', plan.message, plan.written, plan.missing);
  } finally {
    held.release();
  }
}

export function savePitchTemplate(template: PitchTemplate): TemplateSaveReport {
  const checked = checkPitchTemplate(template, savedTemplates());
  if (!checked.ok) return { ok: false, message: checked.message, saved: savedTemplates() };
  keepTemplate(checked.template);
  return { ok: true, message: `"${checked.template.name}" is kept.`, saved: savedTemplates() };
}

export function deletePitchTemplate(name: string): TemplateSaveReport {
  // Any JSON reaches a server function: only a name is a template's name.
  if (typeof name !== 'string')
    return { ok: false, message: 'Choose the template to delete.', saved: savedTemplates() };
  forgetTemplate(name);
  return { ok: true, message: `"${name}" is deleted.`, saved: savedTemplates() };
}

/** `Contacted` (now) and `Score at contact` (the row's `Public score`) on the selected rows. */
export const markContacted = (): ContactReport => contactedMarked(selectionPort);

export function contactedMarked(selection: SelectionPort): ContactReport {
  const refused = selection.refused('mark them contacted');
  if (refused) return { state: 'nothing', message: refused, marked: 0 };
  const found = selection.rows();
  if (!found) return { state: 'nothing', message: SELECT_ROWS, marked: 0 };
  const plan = planContacted(
    found.rows,
    findColumns(found.headers, SCORE_HEADERS).score,
    new Date(appsScriptClock.now()),
  );
  if (plan.state === 'nothing') return { state: 'nothing', message: plan.message, marked: 0 };
  const held = selection.lock(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return { state: 'busy', message: DOCUMENT_BUSY, marked: 0 };
  try {
    found.sheet.write(CONTACT_COLUMNS, plan.patches, found.grid);
    selection.log('mark contacted', {
      sheet: found.sheetName,
      rows: plan.patches.size,
      requests: 0,
      changed: plan.patches.size,
      errors: 0,
      result: plan.message,
    });
    return { state: 'done', message: plan.message, marked: plan.patches.size };
  } finally {
    held.release();
  }
}
