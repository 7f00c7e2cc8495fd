/**
 * The Outreach tab: a pitch per selected prospect from a template (previewed first), the user's
 * own templates, and marking prospects contacted. Decisions are in domain/pitch.ts and
 * domain/followUps.ts; this file reads the selection, calls them and writes what they return.
 */
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
  offeredPlaceholders,
  planPitches,
  STARTER_TEMPLATES,
} from '../domain/pitch';
import { CONTACT_COLUMNS, PITCH_COLUMNS, findColumns } from '../domain/table';
import { SCORE_HEADERS } from '../domain/scoreColumns';
import { appsScriptClock } from '../gas/clock';
import { DOCUMENT_BUSY, withDocumentLock } from '../gas/lock';
import { refusedSheet } from '../gas/selection';
import { forgetTemplate, keepTemplate, savedTemplates } from '../gas/pitchTemplates';
import { logAction } from '../gas/runLog';
import { selectedRows } from '../gas/selectedRows';
import { openTable, readHeaderRow, writePatches } from '../gas/sheetTable';
import { PRESS_LOCK_WAIT_MS } from '../limits';
import { followUpThreshold } from './followUps';
import { bookPort } from '../gas/bookPort';
import { activeSheet } from '../gas/active';

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
    minChange: followUpThreshold(bookPort(sheet.getParent())),
  };
}

/** The first selected prospects' pitches, as they would be written, and nothing written. */
export function previewPitches(request: PitchRequest): PitchPreview {
  const found = selectedRows();
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
  return { state: 'done', message: `The first ${rows.length} of the selection:`, rows };
}

const pitchReport = (
  state: PitchReport['state'],
  message: string,
  written = 0,
  missing = 0,
): PitchReport => ({ state, message, written, missing });

/** Writes `Pitch` and `Pitch message` on the selected rows only, as values. */
export function writePitches(request: PitchRequest): PitchReport {
  const refused = refusedSheet('write the pitches');
  if (refused) return pitchReport('refused', refused);
  const found = selectedRows();
  if (!found) return pitchReport('nothing', SELECT_ROWS);
  const plan = planPitches(String(request?.template ?? ''), found.headers, found.rows);
  if (plan.state !== 'done') return pitchReport(plan.state, plan.message);
  const { block, values } = found;
  return withDocumentLock(
    PRESS_LOCK_WAIT_MS * 50,
    () => {
      writePatches(openTable(block.sheet, PITCH_COLUMNS, true, values), plan.patches);
      logAction(block.sheet.getParent(), 'pitches', {
        sheet: block.sheet.getName(),
        rows: plan.written,
        requests: 0,
        changed: plan.written,
        errors: plan.missing,
        result: plan.message,
      });
      return pitchReport('done', plan.message, plan.written, plan.missing);
    },
    () => pitchReport('nothing', DOCUMENT_BUSY),
  );
}

export function savePitchTemplate(template: PitchTemplate): TemplateSaveReport {
  const checked = checkPitchTemplate(template, savedTemplates());
  if (!checked.ok) return { ok: false, message: checked.message, saved: savedTemplates() };
  keepTemplate(checked.template);
  return { ok: true, message: `"${checked.template.name}" is kept.`, saved: savedTemplates() };
}

export function deletePitchTemplate(name: string): TemplateSaveReport {
  forgetTemplate(String(name ?? ''));
  return { ok: true, message: `"${String(name)}" is deleted.`, saved: savedTemplates() };
}

/** `Contacted` (now) and `Score at contact` (the row's `Public score`) on the selected rows. */
export function markContacted(): ContactReport {
  const refused = refusedSheet('mark them contacted');
  if (refused) return { state: 'nothing', message: refused, marked: 0 };
  const found = selectedRows();
  if (!found) return { state: 'nothing', message: SELECT_ROWS, marked: 0 };
  const plan = planContacted(
    found.rows,
    findColumns(found.headers, SCORE_HEADERS).score,
    new Date(appsScriptClock.now()),
  );
  if (plan.state === 'nothing') return { state: 'nothing', message: plan.message, marked: 0 };
  const { block, values } = found;
  return withDocumentLock<ContactReport>(
    PRESS_LOCK_WAIT_MS * 50,
    () => {
      writePatches(openTable(block.sheet, CONTACT_COLUMNS, true, values), plan.patches);
      logAction(block.sheet.getParent(), 'mark contacted', {
        sheet: block.sheet.getName(),
        rows: plan.patches.size,
        requests: 0,
        changed: plan.patches.size,
        errors: 0,
        result: plan.message,
      });
      return { state: 'done', message: plan.message, marked: plan.patches.size };
    },
    () => ({
      state: 'busy',
      message: DOCUMENT_BUSY,
      marked: 0,
    }),
  );
}
