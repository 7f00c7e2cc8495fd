/**
 * The VIS_* custom functions as facts: which argument holds the list a function answers for, how
 * wide one answer row is, and which argument adds a header row. A formula's result extent (the
 * block its array spills into) follows from these and its arguments alone.
 */
import { columnNumber } from './a1';
import { COMPARE_HEADERS } from './compare';
import { EVIDENCE_HEADERS } from './evidence';
import { splitFormulaArgs } from './formulaArgs';
import { BRAND_HEADERS, PREVIEW_FORMULA_HEADERS, SCAN_HEADERS } from './formulas';

interface VisFunction {
  /** The arguments, named as the function declares them (and Sheets' autocomplete shows). */
  args: readonly string[];
  /** The argument holding the list (one answer row per cell of it). */
  list: string;
  /** Columns of an answer: fixed, or as many as the list has ('list'). */
  columns: number | 'list';
  /** The argument that, TRUE, adds a header row. */
  headers?: string;
}

const REFRESHED = (...args: string[]) => [...args, 'refresh'] as const;

export const VIS_FUNCTIONS = {
  VIS_SCORE: {
    args: REFRESHED('website', 'platform'),
    list: 'website',
    columns: 'list',
  },
  VIS_LEVEL: { args: REFRESHED('website'), list: 'website', columns: 'list' },
  VIS_BRAND: {
    args: REFRESHED('query', 'lookup_by', 'with_headers'),
    list: 'query',
    columns: BRAND_HEADERS.length,
    headers: 'with_headers',
  },
  // Makes no request, but Freeze keeps it too: a frozen link stays the one sent even when the
  // website cell changes (and Help's self-check freezes it, as it spills without the service).
  VIS_REPORT_LINK: { args: ['website'], list: 'website', columns: 'list' },
  VIS_SCAN: {
    args: REFRESHED('brand_agent_id'),
    list: 'brand_agent_id',
    columns: SCAN_HEADERS.length,
  },
  VIS_PREVIEW: {
    args: REFRESHED('uuid'),
    list: 'uuid',
    columns: PREVIEW_FORMULA_HEADERS.length,
  },
  VIS_EVIDENCE: {
    args: REFRESHED('website', 'stale_days', 'with_headers'),
    list: 'website',
    columns: EVIDENCE_HEADERS.length,
    headers: 'with_headers',
  },
  VIS_COMPARE: {
    args: REFRESHED('brand', 'competitors', 'with_headers'),
    list: 'competitors',
    columns: COMPARE_HEADERS.length,
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
  const arg = (name: string | undefined) => (name ? (args[spec.args.indexOf(name)] ?? '') : '');
  const list = listSize(arg(spec.list), grid.rows);
  const headers = /^true$/i.test(arg(spec.headers)) ? 1 : 0;
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
