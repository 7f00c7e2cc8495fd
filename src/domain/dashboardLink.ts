/**
 * "Open in Looker Studio": an address of Looker Studio's Linking API that copies the add-on's
 * template report onto the person's own `Score history` and list, each read through Looker
 * Studio's Google Sheets connector (https://developers.google.com/looker-studio/integrate/linking-api):
 * no scope of the add-on's, no connector of ours. The template (docs/looker-studio.md) names its
 * data sources `ds0` (the history), `ds1` (the list) and `ds2` (the tidy readings). Every alias is
 * set in every link: an alias a link leaves out keeps the template's own data source, which is
 * the publisher's spreadsheet, so until all three exist here the link is not offered.
 */
import type { DashboardLink } from '../contract/scores';
import { HISTORY_SHEET } from './table';
import { READINGS_SHEET } from './tidyReadings';

export const LOOKER_CREATE = 'https://lookerstudio.google.com/reporting/create';

export interface DashboardSource {
  spreadsheetId: string;
  fileName: string;
  /** `Score history`'s sheet id (the `gid` in its address), or null before the first reading. */
  historySheetId: number | null;
  /** The list the person is on, or null when they are on one of the add-on's own sheets. */
  list: { sheetId: number; name: string } | null;
  /** `Score readings`' sheet id, once exported (the template's per-engine charts read it). */
  readingsSheetId: number | null;
}

/** Said to a marketer: what is missing and who can set it up, in their words (docs/looker-studio.md has the rest). */
export const NO_TEMPLATE =
  'The Looker Studio dashboard is not set up for this copy of the add-on: ask whoever installed it for your team to add it, or use Export tidy readings to make your own report.';
export const NO_HISTORY = `The dashboard reads the "${HISTORY_SHEET}" sheet, which has no reading yet: press Score on a list first.`;
export const NO_LIST =
  'The dashboard compares the brands of a list: open the list it should show (a sheet with a Website column), and the link appears here.';
export const NO_READINGS = `The dashboard's per-engine charts read "${READINGS_SHEET}": press Export tidy readings below first.`;

/** Parameters in their order, each name and value percent-encoded (Apps Script has no URL API). */
function query(params: ReadonlyArray<readonly [string, string]>): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/**
 * One alias set to a sheet of this spreadsheet. `refreshFields`: the history and the tidy readings
 * have the add-on's released columns (they only grow), so the template's fields, and the
 * calculated fields built on them, are kept (false); a list has the person's own columns, so its
 * fields are read from it (true).
 */
const sheetSource = (
  alias: string,
  spreadsheetId: string,
  sheetId: number,
  name: string,
  refreshFields: boolean,
) =>
  [
    [`ds.${alias}.connector`, 'googleSheets'],
    [`ds.${alias}.spreadsheetId`, spreadsheetId],
    [`ds.${alias}.worksheetId`, String(sheetId)],
    [`ds.${alias}.hasHeader`, 'true'],
    [`ds.${alias}.datasourceName`, name],
    [`ds.${alias}.refreshFields`, String(refreshFields)],
  ] as const;

export function dashboardLink(templateId: string, s: DashboardSource): DashboardLink {
  if (!templateId.trim()) return { missing: NO_TEMPLATE };
  if (s.historySheetId === null) return { missing: NO_HISTORY };
  if (!s.list) return { missing: NO_LIST };
  if (s.readingsSheetId === null) return { missing: NO_READINGS };
  const named = (sheet: string) => `${s.fileName}: ${sheet}`;
  const params: Array<readonly [string, string]> = [
    ['c.reportId', templateId.trim()],
    ['r.reportName', `${s.fileName}: AI visibility`],
    ...sheetSource('ds0', s.spreadsheetId, s.historySheetId, named(HISTORY_SHEET), false),
    ...sheetSource('ds1', s.spreadsheetId, s.list.sheetId, named(s.list.name), true),
    ...sheetSource('ds2', s.spreadsheetId, s.readingsSheetId, named(READINGS_SHEET), false),
  ];
  return { url: `${LOOKER_CREATE}?${query(params)}` };
}
