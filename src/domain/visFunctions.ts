/**
 * The VIS_* custom functions as one table: the help Sheets shows, the arguments, whether the key
 * is needed, which argument holds the list a function answers for, how wide one answer row is, and
 * which argument adds a header row. A formula's result extent (the block its array spills into)
 * follows from these and its arguments alone.
 */
import { columnNumber } from './a1';
import { COMPARE_HEADERS } from './compare';
import { EVIDENCE_HEADERS } from './evidence';
import { splitFormulaArgs } from './formulaArgs';
import { BRAND_HEADERS, PREVIEW_FORMULA_HEADERS, SCAN_HEADERS } from './formulas';

/** An argument as Sheets' help shows it: its name, an example, and what it takes. */
interface Arg {
  name: string;
  example: string;
  help: string;
}

interface VisFunction {
  /** What Sheets' help says the function gives ({ENGINE_*}: the engines' words, build.mjs). */
  help: string;
  /** The arguments, in order, as the function takes them and Sheets' autocomplete shows them. */
  args: readonly Arg[];
  returns: string;
  /** Whether it asks the service with the person's key (in the document's cache) or without one. */
  needsKey: boolean;
  /** The argument holding the list (one answer row per cell of it). */
  list: string;
  /** Columns of an answer: fixed, or as many as the list has ('list'). */
  columns: number | 'list';
  /** The argument that, TRUE, adds a header row. */
  headers?: string;
}

const arg = (name: string, example: string, help: string): Arg => ({ name, example, help });
const refresh = (what: string) =>
  arg('refresh', 'Z1', `Optional: change this cell's value to fetch fresh ${what}.`);
const withHeaders = arg('with_headers', 'TRUE', 'Optional: TRUE adds a header row.');
const websites = arg(
  'website',
  'A2:A500',
  'A column of websites (A2:A500): one formula answers every row. Filled down cell by cell, Sheets runs a script per cell and shows #ERROR! past 30.',
);

/**
 * The VIS_* custom functions, one row each: the help Sheets shows, the arguments, and the facts
 * Freeze reads. build.mjs makes each global and its help from this table (src/addon/customFunctions.ts
 * holds what each runs).
 */
export const VIS_FUNCTIONS = {
  VIS_SCORE: {
    help: "The public AI-visibility score (0-100) of the brand at a website, or one engine's score.",
    args: [
      websites,
      arg(
        'platform',
        '"chatgpt"',
        'Optional: {ENGINE_KEYS}. Blank when that engine was not queried.',
      ),
      refresh('scores'),
    ],
    returns: 'The score of each website.',
    needsKey: false,
    list: 'website',
    columns: 'list',
  },
  VIS_LEVEL: {
    help: 'The visibility level of the brand at a website: invisible, low, moderate, strong or dominant.',
    args: [websites, refresh('levels')],
    returns: 'The level of each website.',
    needsKey: false,
    list: 'website',
    columns: 'list',
  },
  VIS_BRAND: {
    help: 'One row per brand: name, slug, overall score, level, {ENGINE_NAMES} scores, last scan date, brand page.',
    args: [
      arg('query', 'A2:A500', 'Websites, slugs or brand names.'),
      arg('lookup_by', '"url"', 'Optional: url (default), slug or name.'),
      withHeaders,
      refresh('data'),
    ],
    returns: 'A row of brand data per input.',
    needsKey: false,
    list: 'query',
    columns: BRAND_HEADERS.length,
    headers: 'with_headers',
  },
  // Makes no request, but Freeze keeps it too: a frozen link stays the one sent even when the
  // website cell changes (and Help's self-check freezes it, as it spills without the service).
  VIS_REPORT_LINK: {
    help: 'A no-cost outreach link: whoever opens it signs in to the service, then a visibility preview of the website starts. Makes no request.',
    args: [websites],
    returns: 'The trigger link of each website.',
    needsKey: false,
    list: 'website',
    columns: 'list',
  },
  VIS_SCAN: {
    help: 'The latest managed scan of a brand agent: state, overall score, progress, scan date, report URL. Needs your API key.',
    args: [
      arg('brand_agent_id', 'B2:B50', 'A brand agent ID, or a column of them.'),
      refresh('status'),
    ],
    returns: 'A row per agent.',
    needsKey: true,
    list: 'brand_agent_id',
    columns: SCAN_HEADERS.length,
  },
  VIS_PREVIEW: {
    help: "A scan preview's status, overall, knowledge and sentiment scores, and agent site URL. Needs your API key.",
    args: [arg('uuid', 'C2:C500', 'A preview UUID, or a column of them.'), refresh('status')],
    returns: 'A row per preview.',
    needsKey: true,
    list: 'uuid',
    columns: PREVIEW_FORMULA_HEADERS.length,
  },
  VIS_COMPARE: {
    help: "A brand against its competitors: each competitor's public score, rank, gap and engine gaps.",
    args: [
      arg('brand', 'A2', "The brand's website (yours or your prospect's)."),
      arg('competitors', 'B2:B20', "The competitors' websites."),
      withHeaders,
      refresh('scores'),
    ],
    returns: 'Public score, Rank, Gap, {ENGINE_GAPS} per competitor.',
    needsKey: false,
    list: 'competitors',
    columns: COMPARE_HEADERS.length,
    headers: 'with_headers',
  },
  VIS_EVIDENCE: {
    help: 'What each score rests on: score, scan date, days since the scan, stale (older than stale_days), engines answered, engines not queried, readings in Score history, usual swing overall and per engine.',
    args: [
      websites,
      arg('stale_days', '7', 'Optional: days after which a scan is stale (7 when blank).'),
      withHeaders,
      refresh('scores'),
    ],
    returns: 'A row of evidence per website.',
    needsKey: false,
    list: 'website',
    columns: EVIDENCE_HEADERS.length,
    headers: 'with_headers',
  },
} as const satisfies Record<string, VisFunction>;

export type VisName = keyof typeof VIS_FUNCTIONS;

/** A block of cells, 1-based. */
export interface Extent {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

const CALL = /^=\s*([A-Z_][A-Z0-9_]*)\s*\((.*)\)\s*$/is;
const RANGE = /\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d*))?$/i;

export function visFunctionOf(formula: string): VisName | null {
  const name = CALL.exec(formula)?.[1]?.toUpperCase() ?? '';
  return name in VIS_FUNCTIONS ? (name as VisName) : null;
}

/** Rows and columns of a list argument: a range, a cell, or a literal (one value). */
function listSize(arg: string, gridRows: number): { rows: number; cols: number } {
  if (/^".*"$/s.test(arg)) return { rows: 1, cols: 1 };
  const m = RANGE.exec(arg);
  if (!m) return { rows: 1, cols: 1 };
  const top = Number(m[2]);
  // An open-ended column (A2:A) runs to the grid's last row.
  const bottom = m[3] ? (m[4] ? Number(m[4]) : gridRows) : top;
  const left = columnNumber(m[1] as string);
  const right = m[3] ? columnNumber(m[3]) : left;
  return {
    rows: Math.abs(bottom - top) + 1,
    cols: Math.abs(right - left) + 1,
  };
}

/**
 * The block a VIS_* formula at (row, col) fills, clipped to the grid; null for other formulas.
 * Freeze turns every VIS_* result into values, and nothing else.
 */
export function resultExtent(
  formula: string,
  at: { row: number; col: number },
  grid: { rows: number; cols: number },
): Extent | null {
  const name = visFunctionOf(formula);
  if (!name) return null;
  const spec: VisFunction = VIS_FUNCTIONS[name];
  const args = splitFormulaArgs(CALL.exec(formula)![2] as string).map((a) => a.trim());
  const names = spec.args.map((a) => a.name);
  const given = (name: string | undefined) => (name ? (args[names.indexOf(name)] ?? '') : '');
  const list = listSize(given(spec.list), grid.rows);
  const headers = /^true$/i.test(given(spec.headers)) ? 1 : 0;
  const rows = list.rows + headers;
  const cols = spec.columns === 'list' ? list.cols : spec.columns;
  return {
    row: at.row,
    col: at.col,
    rows: Math.max(1, Math.min(rows, grid.rows - at.row + 1)),
    cols: Math.max(1, Math.min(cols, grid.cols - at.col + 1)),
  };
}

export function overlaps(a: Extent, b: Extent): boolean {
  return (
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.col < b.col + b.cols &&
    b.col < a.col + a.cols
  );
}
