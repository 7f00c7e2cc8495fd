/**
 * The add-on's formulas in a spreadsheet, calculated as Sheets calculates them: `=NAME(args)` runs
 * the bundle's custom function NAME in an execution of its own (even mid-script), and its array
 * spills into blank cells inside the grid, or not at all (#REF!) with Sheets' reason
 * (docs/platform-limits.md S1, S2). Sheets' own functions are not calculated: the cell says so.
 */
import { splitFormulaArgs } from '../../src/domain/formulaArgs';
import { a1, parseA1 } from './a1';
import { GasError } from './errors';
import type { Sheet, Spreadsheet, Value } from './spreadsheet';

/**
 * Runs custom function `name` over `args` for a cell of `book`, as its own execution: the
 * `together`th of the executions one recalculation starts at once (X3).
 */
export type RunFormula = (
  name: string,
  args: unknown[],
  book: Spreadsheet,
  together: number,
) => unknown;

export class FormulaCells {
  /** Why a formula shows #ERROR! or #REF!, by `sheet!row:col`. */
  private errors = new Map<string, string>();
  private nextAnchor = 1;

  constructor(private readonly run: RunFormula) {}

  /** Script executions the calculation under way has started: each cell's is its own (X3). */
  private started = 0;

  /** Calculates the formulas `which` picks (by whether a script wrote them since: `pending`). */
  calculate(book: Spreadsheet, which: (pending?: boolean) => boolean): void {
    this.started = 0;
    for (const sheet of book.sheets) {
      const rows = sheet.probe.rows;
      for (let r = 1; r <= rows.length; r++) {
        const row = rows[r - 1] ?? [];
        for (let c = 1; c <= row.length; c++) {
          const cell = row[c - 1];
          if (cell?.formula && which(cell.pending)) this.evaluate(sheet, r, c, cell.formula);
        }
      }
    }
  }

  private evaluate(sheet: Sheet, row: number, col: number, formula: string): void {
    const m = /^=\s*([A-Z_][A-Z0-9_]*)\s*\((.*)\)\s*$/i.exec(formula);
    if (!m) return;
    const key = `${sheet.probe.title}!${row}:${col}`;
    const cell = sheet.cell(row, col);
    const anchor = cell.anchor ?? this.nextAnchor++;
    sheet.clearSpill(anchor);
    sheet.book.spillErrors.delete(anchor);
    this.errors.delete(key);
    const show = (value: Value, why?: string) => {
      sheet.store(row, col, { value, formula, anchor, ...(cell.note ? { note: cell.note } : {}) });
      if (why) this.errors.set(key, why);
    };
    let result: unknown;
    try {
      const args = splitFormulaArgs(m[2] as string).map((a) => this.argument(sheet, a));
      result = this.run((m[1] as string).toUpperCase(), args, sheet.book, this.started);
      this.started++;
    } catch (error) {
      const message = (error as Error).message;
      const builtIn = /^Script function not found: (\w+)$/.exec(message);
      if (!builtIn) this.started++;
      // Sheets would calculate its own functions: here only the bundle's run, and the cell says so.
      return show(
        '#ERROR!',
        builtIn
          ? `${builtIn[1]} is a Sheets function the local runtime does not calculate: only the add-on's own functions (VIS_SCORE and the others) run here.`
          : message,
      );
    }
    const grid: unknown[][] = Array.isArray(result)
      ? (result as unknown[]).map((r) => (Array.isArray(r) ? r : [r]))
      : [[result]];
    const rows = grid.length;
    const cols = Math.max(1, ...grid.map((g) => g.length));
    const moreRows = row + rows - 1 - sheet.maxRows;
    if (moreRows > 0)
      return show(
        '#REF!',
        `Result was not automatically expanded, please insert more rows (${moreRows}).`,
      );
    if (col + cols - 1 > sheet.maxColumns)
      return show(
        '#REF!',
        `Result was not automatically expanded, please insert more columns (${col + cols - 1 - sheet.maxColumns}).`,
      );
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const there = sheet.cell(row + r, col + c);
        if ((r || c) && (there.value !== '' || there.formula))
          return show(
            '#REF!',
            `Array result was not expanded because it would overwrite data in ${a1(row + r, col + c, 1, 1)}.`,
          );
      }
    grid.forEach((cells, r) =>
      cells.forEach((v, c) => {
        const value = (v === null || v === undefined ? '' : v) as Value;
        if (r === 0 && c === 0) return show(value);
        const note = sheet.cell(row + r, col + c).note;
        sheet.store(row + r, col + c, { value, spilledFrom: anchor, ...(note ? { note } : {}) });
      }),
    );
  }

  /** Why the formula at a cell shows #ERROR! or #REF!, as Sheets says on hover. */
  error(sheet: Sheet, row: number, col: number): string | undefined {
    const anchor = sheet.cell(row, col).anchor;
    return (
      this.errors.get(`${sheet.probe.title}!${row}:${col}`) ??
      (anchor === undefined ? undefined : sheet.book.spillErrors.get(anchor))
    );
  }

  private argument(sheet: Sheet, text: string): unknown {
    const t = text.trim();
    if (t === '') return undefined;
    if (/^".*"$/.test(t)) return t.slice(1, -1).replace(/""/g, '"');
    if (/^(TRUE|FALSE)$/i.test(t)) return /^TRUE$/i.test(t);
    if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
    const ref = parseA1(t);
    const source = ref.sheet ? sheet.book.sheets.find((s) => s.probe.title === ref.sheet) : sheet;
    if (!source) throw new GasError(`Unresolved sheet name '${ref.sheet}'.`);
    // An open-ended reference (A2:A) is the column down to the grid's last row.
    const rows = ref.numRows ?? source.maxRows - ref.row + 1;
    const values = source.range(ref.row, ref.col, rows, ref.numCols).getValues();
    return rows === 1 && ref.numCols === 1 ? values[0]![0] : values;
  }
}
