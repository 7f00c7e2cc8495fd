/**
 * VIS_* formulas filled down a column one cell at a time (`=VIS_SCORE(A2)`, `=VIS_SCORE(A3)`, …),
 * found and made one formula over the column (`=VIS_SCORE(A2:A301)`). Sheets runs each cell's
 * formula as its own script, and past the person's 30 at once the rest show #ERROR!
 * (docs/platform-limits.md X3); one formula over the column is one script and one round trip.
 */
import { splitFormulaArgs } from './formulaArgs';
import { VIS_FUNCTIONS, visFunctionOf, type VisName } from './visFunctions';
import { a1 } from './a1';
import { menuPath } from '../contract/menu';

const COMBINE = menuPath('combineFormulasFromMenu');

/** Fewer than this many cells filled down are left as they are: they run without #ERROR!. */
export const FEWEST_TO_COMBINE = 2;

/** A run of one column's cells, each asking about the cell of its own row, made one formula. */
export interface FilledDown {
  name: VisName;
  /** The run's first and last rows and its column, in the sheet. */
  row: number;
  rows: number;
  col: number;
  /** The one formula that answers every row of the run, for its first cell. */
  formula: string;
}

const CALL = /^=\s*([A-Z_][A-Z0-9_]*)\s*\((.*)\)\s*$/is;
const CELL = /^(\$?)([A-Z]{1,3})(\$?)(\d+)$/i;

/** A formula read as: function, the column and row its list argument points at, the rest. */
function readCall(formula: string) {
  const name = visFunctionOf(formula);
  if (!name) return null;
  const spec = VIS_FUNCTIONS[name];
  const args = splitFormulaArgs(CALL.exec(formula)![2] as string).map((a) => a.trim());
  // Only a function whose list is its first argument answers row for row from it.
  if (spec.args[0]?.name !== spec.list) return null;
  const cell = CELL.exec(args[0] ?? '');
  if (!cell || cell[3]) return null;
  const rest = args.slice(1);
  // A header row per cell would become one header row: that changes the sheet, so it stays.
  const headersAt = 'headers' in spec ? spec.args.findIndex((a) => a.name === spec.headers) : -1;
  if (headersAt > 0 && /^true$/i.test(rest[headersAt - 1] ?? '')) return null;
  return {
    name,
    column: `${cell[1]}${cell[2]!.toUpperCase()}`,
    row: Number(cell[4]),
    rest: rest.join(', '),
  };
}

/**
 * Every run of FEWEST_TO_COMBINE or more cells down one column of `formulas` (read at `top`,
 * `left`) holding the same function over the next row's cell each, with the same other
 * arguments.
 */
export function filledDownRuns(top: number, left: number, formulas: string[][]): FilledDown[] {
  const runs: FilledDown[] = [];
  const width = Math.max(0, ...formulas.map((r) => r.length));
  for (let c = 0; c < width; c++) {
    let r = 0;
    while (r < formulas.length) {
      const first = readCall(formulas[r]?.[c] ?? '');
      let n = 1;
      while (first) {
        const next = readCall(formulas[r + n]?.[c] ?? '');
        const same =
          next &&
          next.name === first.name &&
          next.column === first.column &&
          next.rest === first.rest &&
          next.row === first.row + n;
        if (!same) break;
        n++;
      }
      if (first && n >= FEWEST_TO_COMBINE) {
        const list = `${first.column}${first.row}:${first.column}${first.row + n - 1}`;
        const rest = first.rest ? `, ${first.rest}` : '';
        runs.push({
          name: first.name,
          row: top + r,
          rows: n,
          col: left + c,
          formula: `=${first.name}(${list}${rest})`,
        });
      }
      r += n;
    }
  }
  return runs;
}

/** The note left on a combined run's first cell: what it was and why it is one formula now. */
export function combinedNote(run: FilledDown): string {
  return `${run.rows} ${run.name} formulas filled down (${a1(run.row, run.col, run.rows, 1)}) are now this one. Sheets runs a script for each formula cell and shows #ERROR! past 30 at once; one formula over the column answers every row in one.`;
}

/** What the person reads once combining is done. */
export function combinedMessage(runs: readonly FilledDown[]): string {
  if (!runs.length)
    return `No formulas filled down one cell at a time in the selection: a VIS formula over a whole column (=VIS_SCORE(A2:A500)) is already one.`;
  const cells = runs.reduce((n, r) => n + r.rows, 0);
  const each = runs.map((r) => `${a1(r.row, r.col, r.rows, 1)} is now ${r.formula}`).join('; ');
  return `${cells} formulas filled down are now ${runs.length === 1 ? 'one' : runs.length}: ${each}.`;
}

/** What Sheets shows in a formula cell whose script was refused. */
const REFUSED = '#ERROR!';

/** The note put on a refused cell of a run: the cause and the way out, in the person's words. */
export const refusedNote = (run: FilledDown): string =>
  `One of ${run.rows} ${run.name} formulas filled down (${a1(run.row, run.col, run.rows, 1)}): Sheets runs a script for each and refuses past 30 at once, hence #ERROR!. ${COMBINE} makes them one formula (${run.formula}) that answers every row.`;

/** Whether a note is one the add-on put on a refused cell (of this run or an earlier size). */
export const isRefusedNote = (note: unknown): boolean =>
  typeof note === 'string' && /^One of \d+ VIS_[A-Z_]+ formulas filled down \(/.test(note);

/**
 * The notes to put on the refused cells of each run in a block read at `top`, `left` (values as
 * Sheets shows them): by cell, a cell already holding that note, or a note of the person's, left
 * out.
 */
export function refusedCellNotes(
  runs: readonly FilledDown[],
  top: number,
  left: number,
  values: unknown[][],
  notes: string[][],
): Array<{ row: number; col: number; note: string }> {
  const out: Array<{ row: number; col: number; note: string }> = [];
  for (const run of runs)
    for (let row = run.row; row < run.row + run.rows; row++) {
      const [r, c] = [row - top, run.col - left];
      const note = refusedNote(run);
      const had = notes[r]?.[c] ?? '';
      // A person's own note stays: the sidebar still says why.
      if (values[r]?.[c] === REFUSED && had !== note && (!had || isRefusedNote(had)))
        out.push({ row, col: run.col, note });
    }
  return out;
}

/** What the Scores tab says of a selection of formulas filled down, some refused; null if none. */
export function refusedMessage(runs: readonly FilledDown[], refused: number): string | null {
  if (!runs.length || !refused) return null;
  const cells = runs.reduce((n, r) => n + r.rows, 0);
  return `${cells} formulas filled down, ${refused} showing #ERROR!: Sheets runs at most 30 at once. ${COMBINE} makes each column one formula that answers every row.`;
}
