/**
 * Templates for a first list: a `Prospect list` with the add-on's score columns and their colour
 * scale ready, and a `Brand monitor` (the scan monitor sheet) whose header says how to use it.
 */
import { SHEETS } from '../domain/sheetNames';
import { COMPANY_HEADER, HEADER_ROW, WEBSITE_HEADER } from '../domain/table';
import { SCORE_COLUMNS } from '../domain/scoreColumns';
import { MONITOR_COLUMNS, MONITOR_HOW_TO, MONITOR_SHEET } from '../domain/scanWatch';
import type { TemplateReport } from '../contract/scores';
import { appsScriptKit } from '../gas/kit';
import type { Kit } from '../kit/ports';
import type { Columns } from '../domain/columns';

const PROSPECT_SHEET = SHEETS.prospects.name;
/** The person's own columns a prospect list starts with, before the add-on's. */
const PROSPECT_OWN_COLUMNS = {
  website: { header: WEBSITE_HEADER },
  company: { header: COMPANY_HEADER },
  contact: { header: 'Contact' },
  email: { header: 'Email' },
} satisfies Columns<string>;

/**
 * A template's sheet, made as every run adds the add-on's columns (headers, number formats,
 * colour scale, the header's note): the prospect list with its first row selected, ready to paste
 * into; the scan monitor with its how-to as a note, never a row a poll would read.
 */
export function templateIn(kit: Kit, kind: 'prospects' | 'monitor'): TemplateReport {
  const name = kind === 'prospects' ? PROSPECT_SHEET : MONITOR_SHEET;
  if (kit.tables.room(name).header !== null)
    return {
      state: 'nothing',
      message: `A "${name}" sheet already exists: use it, or rename it first.`,
    };
  if (kind === 'prospects') {
    kit.tables.write(name, { ...PROSPECT_OWN_COLUMNS, ...SCORE_COLUMNS }, new Map());
    kit.view.show(name, `A${HEADER_ROW + 1}`);
    return {
      state: 'done',
      message: `"${name}" is ready: paste websites in column A, select them and press Score.`,
    };
  }
  kit.tables.write(name, MONITOR_COLUMNS, new Map());
  kit.view.show(name);
  return { state: 'done', message: `"${name}" is ready. ${MONITOR_HOW_TO}` };
}

export const insertTemplate = (kind: 'prospects' | 'monitor'): TemplateReport =>
  templateIn(appsScriptKit(), kind);
