/**
 * Templates for a first list: a `Prospect list` with the add-on's score columns and their colour
 * scale ready, and a `Brand monitor` (the scan monitor sheet) whose header says how to use it.
 */
import { SHEETS } from '../domain/sheetNames';
import { COMPANY_HEADER, WEBSITE_HEADER } from '../domain/table';
import { SCORE_COLUMNS } from '../domain/scoreColumns';
import { MONITOR_COLUMNS, MONITOR_SHEET } from '../domain/scanWatch';
import type { TemplateReport } from '../contract/scores';
import { activeBook } from '../gas/active';
import { templatePorts } from '../gas/sheetMakerPorts';
import type { Columns } from '../domain/columns';

/** What a new sheet from a template is made of (src/addon/templates.ts). */
export interface TemplateSheet {
  /** The person's own headers it starts with, before the add-on's columns. */
  own: string[];
  /** The add-on's columns, with their formats and colour scale. */
  columns: Columns<string>;
  /** A note on its first header; else its first row below the header is selected. */
  note: string | null;
}

export interface TemplatePorts {
  exists(name: string): boolean;
  make(name: string, sheet: TemplateSheet): void;
}

const PROSPECT_SHEET = SHEETS.prospects.name;
/** The person's own columns a prospect list starts with, before the add-on's. */
const PROSPECT_OWN_HEADERS = [WEBSITE_HEADER, COMPANY_HEADER, 'Contact', 'Email'];
const MONITOR_HOW_TO =
  'Put one brand agent ID per row below (a whole number, from your account on the service). Rows are checked while the sidebar is open and hourly otherwise; select rows and choose "Rescan selected agents" to rescan.';

export function templateIn(p: TemplatePorts, kind: 'prospects' | 'monitor'): TemplateReport {
  const name = kind === 'prospects' ? PROSPECT_SHEET : MONITOR_SHEET;
  if (p.exists(name))
    return {
      state: 'nothing',
      message: `A "${name}" sheet already exists: use it, or rename it first.`,
    };
  if (kind === 'prospects') {
    p.make(name, { own: PROSPECT_OWN_HEADERS, columns: SCORE_COLUMNS, note: null });
    return {
      state: 'done',
      message: `"${name}" is ready: paste websites in column A, select them and press Score.`,
    };
  }
  p.make(name, { own: [], columns: MONITOR_COLUMNS, note: MONITOR_HOW_TO });
  return { state: 'done', message: `"${name}" is ready. ${MONITOR_HOW_TO}` };
}

export const insertTemplate = (kind: 'prospects' | 'monitor'): TemplateReport =>
  templateIn(templatePorts(activeBook()), kind);
