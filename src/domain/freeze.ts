/**
 * Freezing VIS_* formulas into their values for a snapshot that costs no request when opened,
 * and putting them back. The formula is kept in the cell's note, with the size of the block it
 * fills, so that restoring can clear the frozen values its result will spill into again.
 */
import { safeText } from './cells';
import { splitFormulaArgs } from './formulaArgs';
import { COMPARE_HEADERS } from './compare';
import { BRAND_HEADERS, PREVIEW_COLUMNS, SCAN_COLUMNS } from './formulas';

const NOTE = 'Frozen by Visibility for Sheets';
const NOTE_PATTERN = /^Frozen by Visibility for Sheets \((\d+)x(\d+)\): (=.*)$/s;
const VIS_FORMULA = /^=\s*VIS_[A-Z_]+\s*\(/i;

export interface Block {
  values: unknown[][];
  formulas: string[][];
  notes: string[][];
}

export interface Rewrite {
  /** The block to write back with setValues: values, formulas as text, plain text escaped. */
  values: unknown[][];
  notes: string[][];
  changed: number;
  /** Formulas left alone because their result was not final (loading or an error). */
  skipped: number;
}

function notFinal(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return value === '' || /^(loading|error|#)/i.test(value);
}

/** Plain cells are written back as they are; text that would read as a formula stays text. */
function asIs(value: unknown, formula: string): unknown {
  if (formula) return formula;
  return typeof value === 'string' ? safeText(value) : value;
}

/** Columns of one answer row, per function; the one-column functions answer cell for cell. */
const WIDTHS: Record<string, number> = {
  VIS_BRAND: BRAND_HEADERS.length,
  VIS_SCAN: SCAN_COLUMNS.length,
  VIS_PREVIEW: PREVIEW_COLUMNS.length,
  VIS_COMPARE: COMPARE_HEADERS.length,
};
/** Where the list a function answers for is, when it is not the first argument. */
const LIST_ARG: Record<string, number> = { VIS_COMPARE: 1 };
/** Functions whose third argument TRUE adds a header row. */
const WITH_HEADERS = ['VIS_BRAND', 'VIS_COMPARE'];

/** The block a VIS_ formula's result fills, read from its first argument's range. */
export function resultSize(formula: string): { rows: number; cols: number } {
  const m = /^=\s*(VIS_[A-Z_]+)\s*\((.*)\)\s*$/is.exec(formula);
  if (!m) return { rows: 1, cols: 1 };
  const name = (m[1] as string).toUpperCase();
  const args = splitFormulaArgs(m[2] as string).map((a) => a.trim());
  const list = args[LIST_ARG[name] ?? 0] ?? '';
  const range = /\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+)$/i.exec(list);
  const col = (letters: string) =>
    letters
      .toUpperCase()
      .split('')
      .reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  const inputRows = range ? Math.abs(Number(range[4]) - Number(range[2])) + 1 : 1;
  const inputCols = range ? Math.abs(col(range[3] as string) - col(range[1] as string)) + 1 : 1;
  const headers = WITH_HEADERS.includes(name) && /^true$/i.test(args[2] ?? '') ? 1 : 0;
  return { rows: inputRows + headers, cols: WIDTHS[name] ?? inputCols };
}

export function freeze(block: Block): Rewrite {
  const out: Rewrite = {
    values: block.values.map((row, r) => row.map((v, c) => asIs(v, block.formulas[r]?.[c] ?? ''))),
    notes: block.notes.map((row) => row.slice()),
    changed: 0,
    skipped: 0,
  };
  block.formulas.forEach((row, r) =>
    row.forEach((formula, c) => {
      if (!VIS_FORMULA.test(formula)) return;
      if (notFinal(block.values[r]?.[c])) {
        out.skipped++;
        return;
      }
      const size = resultSize(formula);
      const value = block.values[r]?.[c];
      out.values[r]![c] = typeof value === 'string' ? safeText(value) : value;
      out.notes[r]![c] = `${NOTE} (${size.rows}x${size.cols}): ${formula}`;
      out.changed++;
    }),
  );
  return out;
}

export function restore(block: Block): Rewrite {
  const out: Rewrite = {
    values: block.values.map((row, r) => row.map((v, c) => asIs(v, block.formulas[r]?.[c] ?? ''))),
    notes: block.notes.map((row) => row.slice()),
    changed: 0,
    skipped: 0,
  };
  block.notes.forEach((row, r) =>
    row.forEach((note, c) => {
      const m = NOTE_PATTERN.exec(note ?? '');
      if (!m) return;
      const rows = Number(m[1]);
      const cols = Number(m[2]);
      for (let rr = r; rr < Math.min(r + rows, out.values.length); rr++)
        for (let cc = c; cc < Math.min(c + cols, out.values[rr]!.length); cc++)
          out.values[rr]![cc] = '';
      out.values[r]![c] = m[3];
      out.notes[r]![c] = '';
      out.changed++;
    }),
  );
  return out;
}
