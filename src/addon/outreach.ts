/**
 * The Outreach tab: a pitch per selected prospect from a template (previewed first), the user's
 * own templates, and marking prospects contacted. Decisions are in domain/pitch.ts and
 * domain/followUps.ts; this file reads the selection, calls them and writes what they return.
 */
import type { Kit } from '../kit/ports';
import { outputSheetRefusal } from '../domain/outputSheets';
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
import { CONTACT_COLUMNS, HEADER_ROW, PITCH_COLUMNS, findColumns } from '../domain/table';
import { SCORE_HEADERS } from '../domain/scoreColumns';
import { DOCUMENT_BUSY } from '../gas/lock';
import { forgetTemplate, keepTemplate, savedTemplates } from '../gas/pitchTemplates';
import { readHeaderRow } from '../gas/sheetTable';
import { PRESS_LOCK_WAIT_MS } from '../limits';
import { followUpThreshold } from './followUps';
import { appsScriptKit } from '../gas/kit';
import { activeSheet } from '../gas/active';

/** Why a list action refuses the sheet the person is on (one of the add-on's own), or null. */
const refusedHere = (kit: Kit, action: string): string | null =>
  outputSheetRefusal(kit.view.sheet(), action);

/** The selection's rows with its list's header row; null when no cells of a list are selected. */
function selectedIn(kit: Kit) {
  const found = kit.view.rows();
  return found && { ...found, headers: found.list.values[HEADER_ROW - 1] ?? [] };
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
  pitchesPreviewed(appsScriptKit(), request);

export function pitchesPreviewed(kit: Kit, request: PitchRequest): PitchPreview {
  const found = selectedIn(kit);
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
  pitchesWritten(appsScriptKit(), request);

export function pitchesWritten(kit: Kit, request: PitchRequest): PitchReport {
  const refused = refusedHere(kit, 'write the pitches');
  if (refused) return pitchReport('refused', refused);
  const found = selectedIn(kit);
  if (!found) return pitchReport('nothing', SELECT_ROWS);
  const template = typeof request?.template === 'string' ? request.template : '';
  const plan = planPitches(template, found.headers, found.rows);
  if (plan.state !== 'done') return pitchReport(plan.state, plan.message);
  const held = kit.locks.document(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return pitchReport('nothing', DOCUMENT_BUSY);
  try {
    kit.tables.write(found.list, PITCH_COLUMNS, plan.patches, found.list.values);
    kit.log.action('pitches', {
      sheet: found.list.name,
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
export const markContacted = (): ContactReport => contactedMarked(appsScriptKit());

export function contactedMarked(kit: Kit): ContactReport {
  const refused = refusedHere(kit, 'mark them contacted');
  if (refused) return { state: 'nothing', message: refused, marked: 0 };
  const found = selectedIn(kit);
  if (!found) return { state: 'nothing', message: SELECT_ROWS, marked: 0 };
  const plan = planContacted(
    found.rows,
    findColumns(found.headers, SCORE_HEADERS).score,
    new Date(kit.account.now()),
  );
  if (plan.state === 'nothing') return { state: 'nothing', message: plan.message, marked: 0 };
  const held = kit.locks.document(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return { state: 'busy', message: DOCUMENT_BUSY, marked: 0 };
  try {
    kit.tables.write(found.list, CONTACT_COLUMNS, plan.patches, found.list.values);
    kit.log.action('mark contacted', {
      sheet: found.list.name,
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
